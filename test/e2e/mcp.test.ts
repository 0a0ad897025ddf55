// MCP in a real VS Code (code-server) and real Chromium: a repository's .vscode/mcp.json raises the
// trust dialog with its exact command line and starts nothing on "Not now"; a user-configured real
// server's tool call shows its card with server, tool, the server's description and the exact
// arguments, and runs only after Approve.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../scripts/vscodePaths.mjs';
import { chatFrame, demoWorkspace, idle, useWorkbench } from './workbench';

describe('MCP in a real workbench (code-server, real Chromium)', function () {
  this.timeout(240_000);
  const vscodeDir = join(demoWorkspace, '.vscode');
  const mcpJson = join(vscodeDir, 'mcp.json');
  const hadDir = existsSync(vscodeDir);
  const markerDir = mkdtempSync(join(tmpdir(), 'tandem-e2e-mcp-'));
  const marker = join(markerDir, 'started.txt');

  const workbench = useWorkbench({
    settings: {
      'tandem.mcp.servers': {
        everything: {
          type: 'stdio',
          command: 'node',
          args: [join(repoRoot, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
        },
      },
    },
    setUp() {
      mkdirSync(vscodeDir, { recursive: true });
      writeFileSync(
        mcpJson,
        JSON.stringify({
          servers: {
            fromRepo: { type: 'stdio', command: 'node', args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] },
          },
        }),
      );
    },
    tearDown() {
      rmSync(mcpJson, { force: true });
      if (!hadDir) rmSync(vscodeDir, { recursive: true, force: true });
      rmSync(markerDir, { recursive: true, force: true });
    },
  });

  it('asks before a workspace server starts, names its command line, starts nothing on "Not now"; an MCP card shows server, tool and exact arguments', async () => {
    const chat = await chatFrame(workbench().page);
    const input = chat.locator('.composer-input');
    await input.fill('Please use mcp_everything_echo with "browser-4711"');
    await input.press('Enter');

    const dialog = workbench().page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 60_000 });
    const text = await dialog.innerText();
    assert.match(text, /Start the MCP server "fromRepo" from this workspace/);
    assert.match(text, /Command: node -e .*writeFileSync/);
    await dialog.getByRole('button', { name: 'Not now' }).click();
    assert.equal(existsSync(marker), false, 'nothing started before consent');

    const card = chat.locator('.tool-card.status-awaiting-approval');
    await card.waitFor({ timeout: 60_000 });
    assert.equal(await card.locator('.tool-name').innerText(), 'mcp_everything_echo');
    assert.equal(await card.locator('.mcp-origin').innerText(), 'MCP server "everything" · tool "echo"');
    assert.deepEqual(JSON.parse(await card.locator('.tool-args pre').innerText()), { message: 'browser-4711' });
    await card.locator('.mcp-description summary').click();
    assert.match(await card.locator('.mcp-description pre').innerText(), /echo/i);
    await card.getByRole('button', { name: 'Always allow echo of everything in this workspace' }).waitFor();
    await card.getByRole('button', { name: 'Approve mcp_everything_echo' }).click();
    await idle(chat);
    const done = chat.locator('.tool-card.status-done');
    await done.locator('.tool-result summary').click();
    assert.equal(await done.locator('.tool-result pre').innerText(), 'Echo: browser-4711');
    assert.equal(existsSync(marker), false, 'the workspace server still has not run');
  });
});
