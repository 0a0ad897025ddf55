// The user's answers to the workspace-server trust question, per workspace (workspaceState) and per
// exact definition (its fingerprint). "Not now" is kept for this window only: the next window asks again.
import type * as vscode from 'vscode';

const KEY = 'tandem.mcp.trustedDefinitions';

export class McpTrustStore {
  private readonly notNow = new Set<string>();

  constructor(private readonly state: vscode.Memento) {}

  trusted(fingerprint: string): boolean {
    return this.state.get<string[]>(KEY, []).includes(fingerprint);
  }

  declinedThisWindow(fingerprint: string): boolean {
    return this.notNow.has(fingerprint);
  }

  async trust(fingerprint: string): Promise<void> {
    const list = this.state.get<string[]>(KEY, []);
    if (!list.includes(fingerprint)) await this.state.update(KEY, [...list, fingerprint]);
  }

  decline(fingerprint: string): void {
    this.notNow.add(fingerprint);
  }
}
