import { COMMANDS } from '../../core/config/commandCatalog';

// What activate() registers for the chat before its code loads (dist/chat.js): the view and the commands.
// Kept apart from registerChat.ts, the chat bundle's entry, so that reading them does not load it.

/** The sidebar chat's webview view, as package.json contributes it. */
export const CHAT_VIEW_ID = 'tandem.chat';

/** The commands the chat bundle implements: registerChat returns a handler for each. */
export const CHAT_COMMANDS = [
  COMMANDS.newChat,
  COMMANDS.exportChat,
  COMMANDS.copyChat,
  COMMANDS.undoLastEdit,
  COMMANDS.manageApprovals,
] as const;
