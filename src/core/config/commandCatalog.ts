// Every command Tandem registers, by what it does. Registration sites take their ids from here, and
// test/unit/project/packageContributes.test.ts checks package.json's `contributes.commands`, menus and
// keybindings against it; an extension-host test checks each one is registered.
export const COMMANDS = {
  newChat: 'tandem.newChat',
  exportChat: 'tandem.exportChat',
  copyChat: 'tandem.copyChat',
  undoLastEdit: 'tandem.undoLastEdit',
  manageApprovals: 'tandem.manageApprovals',
  showMenu: 'tandem.showMenu',
  setApiKey: 'tandem.setApiKey',
  clearApiKey: 'tandem.clearApiKey',
  checkConnection: 'tandem.checkConnection',
  showLog: 'tandem.showLog',
  showSpend: 'tandem.showSpend',
  toggleCompletions: 'tandem.completion.toggle',
  snoozeCompletions: 'tandem.completion.snooze',
  selectCompletionModel: 'tandem.completion.selectModel',
  acceptNextLine: 'tandem.completion.acceptNextLine',
  completionAccepted: 'tandem.completion.accepted',
  readAloud: 'tandem.readAloud',
  stopReading: 'tandem.stopReading',
  saveSpeech: 'tandem.saveSpeech',
  readLastAnswer: 'tandem.readLastAnswer',
  // Follow along:
  readFromCursor: 'tandem.readFromCursor',
  nextSentence: 'tandem.nextSentence',
  previousSentence: 'tandem.previousSentence',
  pauseResumeReading: 'tandem.pauseResumeReading',
  edit: 'tandem.edit',
  acceptAllEdits: 'tandem.edit.acceptAll',
  rejectAllEdits: 'tandem.edit.rejectAll',
  acceptEditHunk: 'tandem.edit.acceptHunk',
  rejectEditHunk: 'tandem.edit.rejectHunk',
  explainSelection: 'tandem.explainSelection',
  commitMessage: 'tandem.commitMessage',
  // MCP servers in the Services view:
  restartMcpServer: 'tandem.mcp.restart',
  showMcpLog: 'tandem.mcp.showLog',
  toggleMcpTool: 'tandem.mcp.toggle',
} as const;

export type CommandId = (typeof COMMANDS)[keyof typeof COMMANDS];

/** Registered but not contributed: only VS Code calls it (an accepted inline completion's hook), so it stays out of the palette. */
export const HIDDEN_COMMANDS: ReadonlySet<CommandId> = new Set<CommandId>([
  COMMANDS.completionAccepted,
  // A hunk's CodeLens buttons: they name the hunk, which the palette cannot.
  COMMANDS.acceptEditHunk,
  COMMANDS.rejectEditHunk,
  // The "Explain with Tandem" code action's target.
  COMMANDS.explainSelection,
]);
