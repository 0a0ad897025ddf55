// The questions MCP asks the user. Production uses them as built here; extension-host tests answer them
// through the ExtensionMode.Test API, as they do TandemUi's.
import * as vscode from 'vscode';
import type { McpInputDefinition } from '../../core/mcp/mcpConfig';

type TrustAnswer = 'trust' | 'notNow';

export interface McpUi {
  /** The modal trust question for a workspace server: its exact command line or URL is in `definition`. */
  askTrust(server: string, folder: string, definition: string): Thenable<TrustAnswer>;
  /** An `${input:…}` value; undefined when the user cancels. */
  askInput(server: string, input: McpInputDefinition): Thenable<string | undefined>;
  /** A prompt's arguments, one quick input each; undefined when the user cancels. */
  askPromptArgument(prompt: string, argument: { name: string; description?: string; required?: boolean }): Thenable<string | undefined>;
}

export function realMcpUi(): McpUi {
  return {
    askTrust: async (server, folder, definition) => {
      const trust = vscode.l10n.t('Trust and start');
      const notNow = vscode.l10n.t('Not now');
      const answer = await vscode.window.showWarningMessage(
        vscode.l10n.t('Start the MCP server "{0}" from this workspace ({1})?', server, folder),
        {
          modal: true,
          detail: vscode.l10n.t(
            '{0}\n\nIt comes from .vscode/mcp.json, a file of the workspace, and runs with your user rights. Start it only if you trust this repository. Tandem asks again when the definition changes.',
            definition,
          ),
        },
        trust,
        notNow,
      );
      return answer === trust ? 'trust' : 'notNow';
    },
    askInput: (server, input) =>
      vscode.window.showInputBox({
        title: vscode.l10n.t('MCP server "{0}"', server),
        prompt: input.description,
        password: input.password,
        ignoreFocusOut: true,
      }),
    askPromptArgument: (prompt, argument) =>
      vscode.window.showInputBox({
        title: vscode.l10n.t('MCP prompt "{0}": {1}', prompt, argument.name),
        prompt: argument.description ?? argument.name,
        placeHolder: argument.required ? vscode.l10n.t('required') : vscode.l10n.t('optional'),
        ignoreFocusOut: true,
      }),
  };
}
