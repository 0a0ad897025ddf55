import * as vscode from 'vscode';
import type { ChatController } from '../../core/chat/chatController';
import { chatButtonAction } from '../../core/chat/chatErrors';
import type { ServiceClients } from '../services/serviceClients';
import type { ErrorView, HostMessage, ServiceId } from '../../shared/protocol';
import { runFix } from '../errors/errorNotice';
import type { MentionSource } from './mentionSource';
import type { McpComposer } from '../mcp/mcpComposer';

/** What the chat does with the editor, the clipboard, commands and the Service B account. */
export class ChatEditorActions {
  /** MCP resources (`@`) and prompts (`/`) in the composer's picker, when the chat has MCP. */
  mcp: McpComposer | undefined;

  constructor(
    private readonly controller: () => ChatController,
    private readonly clients: ServiceClients,
    private readonly log: vscode.LogOutputChannel,
    private readonly newId: () => string,
    private readonly mentions: MentionSource,
    /** Asks before a sensitive file's text is attached; a modal by default (tests answer it themselves). */
    private readonly confirmSensitive: (message: string) => Promise<boolean> = confirmModal,
  ) {}

  /**
   * Adds a picked mention as a chip: a row of the @ picker, or the "+ Selection" / "+ File" buttons,
   * which pick the fixed `selection` / `activeFile` mentions. The one path by which text is attached.
   */
  async mention(itemId: string): Promise<void> {
    if (this.mcp?.owns(itemId)) {
      const picked = await this.mcp
        .resolve(itemId)
        .catch((error: unknown) => ({ refusal: error instanceof Error ? error.message : String(error) }));
      if ('refusal' in picked) void vscode.window.showWarningMessage(vscode.l10n.t('Tandem: {0}', picked.refusal));
      else if ('attachment' in picked) this.controller().addAttachment({ id: this.newId(), ...picked.attachment });
      return;
    }
    const resolved = await this.mentions.resolve(itemId);
    if ('refusal' in resolved) {
      void vscode.window.showInformationMessage(resolved.refusal);
      return;
    }
    const { attachment, sensitivePath } = resolved;
    // The same policy as completions and the chat tools: a sensitive file is attached only when the
    // user says so, and then it is sent once but never saved with the chat.
    if (sensitivePath !== undefined) {
      const service = vscode.l10n.t('Service {0}', this.controller().chat.options.service);
      const what = attachment.kind === 'selection' ? vscode.l10n.t('the selection in {0}', sensitivePath) : sensitivePath;
      if (
        !(await this.confirmSensitive(
          vscode.l10n.t(
            'Attach {0}? {1} may contain secrets; its text will be sent to {2} with your next message (it is not saved in the chat history).',
            what,
            sensitivePath,
            service,
          ),
        ))
      )
        return;
    }
    this.controller().addAttachment({ id: this.newId(), ...attachment, ...(sensitivePath !== undefined ? { sensitive: true } : {}) });
  }

  /** The @ picker's rows for one query; the webview shows the answer to its latest request only. */
  async mentionQuery(requestId: number, query: string): Promise<Extract<HostMessage, { type: 'mentionResults' }>> {
    if (query.startsWith('/')) return { type: 'mentionResults', requestId, items: (await this.mcp?.items(query).catch(() => [])) ?? [] };
    const [own, mcp] = await Promise.all([this.mentions.query(query), this.mcp?.items(query).catch(() => []) ?? []]);
    return { type: 'mentionResults', requestId, items: [...own, ...mcp] };
  }

  attachImage(name: string, dataUrl: string): void {
    const refusal = this.controller().addAttachment({ id: this.newId(), kind: 'image', label: name || 'image', dataUrl });
    if (refusal) void vscode.window.showWarningMessage(vscode.l10n.t('Tandem: {0}', refusal));
  }

  async codeAction(action: 'copy' | 'insert' | 'newFile', code: string, language?: string): Promise<void> {
    switch (action) {
      case 'copy':
        await vscode.env.clipboard.writeText(code);
        return;
      case 'insert': {
        const editor = vscode.window.activeTextEditor ?? vscode.window.visibleTextEditors[0];
        if (!editor) {
          void vscode.window.showInformationMessage(vscode.l10n.t('Tandem: open a file to insert the code at its cursor.'));
          return;
        }
        await editor.edit((edit) => {
          for (const sel of editor.selections) edit.replace(sel, code);
        });
        return;
      }
      case 'newFile': {
        const wanted = knownLanguage(language);
        const languages = await vscode.languages.getLanguages();
        const doc = await vscode.workspace.openTextDocument({
          content: code,
          language: wanted && languages.includes(wanted) ? wanted : undefined,
        });
        await vscode.window.showTextDocument(doc);
        return;
      }
    }
  }

  /** A chat error's button: the chat runs retry and new chat itself; the rest run as everywhere else. */
  async errorAction(button: NonNullable<ErrorView['action']>, service: ServiceId): Promise<void> {
    const action = chatButtonAction(button, service);
    switch (action.kind) {
      case 'retry':
        return this.afterAnswer(this.controller().retry(), service);
      case 'newChatWithSummary':
        return this.controller().newChatWithSummary();
      default:
        return runFix(action);
    }
  }

  /** Waits for an answer; a Service B answer spends money, so the balance is read again after it. */
  async afterAnswer(answer: Promise<void>, service: ServiceId): Promise<void> {
    await answer;
    if (service === 'B') this.refreshAccount();
  }

  /** Service B balance (and the models the account lists) for the chat header; failures stay quiet. */
  refreshAccount(withModels = false): void {
    void (async () => {
      try {
        const info = await this.clients.b.balance();
        const text = info.balances.map((b) => `${b.total} ${b.currency}`).join(' · ');
        if (text) this.controller().setBalance(`Service B balance: ${text}${info.available === false ? ' (not available)' : ''}`);
        // The account's model list narrows the Service B picker to models it can use; it changes rarely.
        if (withModels)
          this.controller().setListedModels(
            'B',
            (await this.clients.b.listModels()).map((m) => m.id),
          );
      } catch (error) {
        this.log.debug(`chat: Service B balance not shown: ${error instanceof Error ? error.message : String(error)}`);
      }
    })();
  }
}

async function confirmModal(message: string): Promise<boolean> {
  const attach = vscode.l10n.t('Attach');
  return (await vscode.window.showWarningMessage(message, { modal: true }, attach)) === attach;
}

/** Code fences use short names (`ts`, `py`); VS Code wants language ids. Unknown names open as plain text. */
function knownLanguage(language: string | undefined): string | undefined {
  if (!language) return undefined;
  const aliases: Record<string, string> = {
    ts: 'typescript',
    js: 'javascript',
    py: 'python',
    sh: 'shellscript',
    bash: 'shellscript',
    rb: 'ruby',
    rs: 'rust',
    yml: 'yaml',
    md: 'markdown',
    cs: 'csharp',
    'c++': 'cpp',
  };
  return aliases[language.toLowerCase()] ?? language.toLowerCase();
}
