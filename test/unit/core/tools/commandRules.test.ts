// Standing command rules: whole-word prefixes, every part allowed, deny wins, sensitive paths always ask.
import * as assert from 'node:assert/strict';
import { StandingApprovals } from '../../../../src/core/chat/standingApprovals';
import { approvalNeed, commandApproval, preparedCommand } from '../../../../src/core/tools/commandApproval';
import { judgeCommand, normalRule, suggestedRules, type CommandRules } from '../../../../src/core/tools/commandRules';
import { sensitivePathPolicy } from '../../../../src/core/security/sensitivePaths';
import { userOnlySettingsIn } from '../../../../src/core/keys/userOnlySettings';

const policy = sensitivePathPolicy();
const isSensitive = (p: string) => policy.isSensitive(p);
const verdict = (command: string, rules: CommandRules) => judgeCommand(command, rules, isSensitive).verdict;

describe('command rules: what a standing allow or deny covers', () => {
  const rules: CommandRules = { allow: ['npm test', 'git status', 'git log', 'echo'], deny: ['git push'] };

  it('a read-only prefix matches on whole words; any other rule only its exact command', () => {
    assert.equal(verdict('npm test', rules), 'allow');
    assert.equal(verdict('git log --oneline -n 3', rules), 'allow');
    assert.equal(verdict('npm test -- --grep x', rules), 'ask', '`npm test` runs code: it covers only itself');
    assert.equal(verdict('npm  "test"', rules), 'allow', 'quote removal: the shell runs npm test');
    assert.equal(verdict('git logs', rules), 'ask');
    assert.equal(verdict('npm testify', rules), 'ask');
    assert.equal(verdict('npm', rules), 'ask', 'shorter than the rule');
    assert.equal(verdict('npx npm test', rules), 'ask');
    assert.equal(verdict('FOO=1 git log', rules), 'ask', 'an environment prefix is not covered by the rule without it');
  });

  it('every part must be allowed', () => {
    assert.equal(verdict('npm test && git status', rules), 'allow');
    assert.equal(verdict('npm test\ngit status -s', rules), 'allow');
    assert.equal(verdict('npm test; rm -rf x', rules), 'ask');
    assert.equal(verdict('npm test | sh', rules), 'ask');
    assert.equal(verdict('(npm test) && (rm x)', rules), 'ask');
    assert.equal(verdict('npm test > out.txt', rules), 'ask', 'a redirection to a file is a part of its own');
    assert.equal(verdict('npm test > out.txt', { ...rules, allow: [...rules.allow, '> out.txt'] }), 'allow');
    assert.equal(verdict('echo "a; rm -rf x"', { ...rules, allow: ['echo "a; rm -rf x"'] }), 'allow', 'a ; inside quotes is an argument');
    assert.equal(verdict('echo a\\; rm -rf x', { ...rules, allow: ["echo 'a;' rm -rf x"] }), 'allow', 'an escaped ; is an argument');
    assert.equal(
      verdict('echo "a; rm -rf x"', rules),
      'ask',
      'a prefix rule never covers quoted shell characters (another shell reads them otherwise)',
    );
  });

  it('a command read without certainty is never covered', () => {
    for (const command of [
      'npm test $(rm -rf x)',
      'npm test "$(rm -rf x)"',
      'npm test `rm x`',
      'eval npm test',
      'npm test "unbalanced',
      'npm\ttest',
      'npm test\u202e',
    ])
      assert.equal(verdict(command, rules), 'ask', JSON.stringify(command));
  });

  it('deny wins over allow, in any part', () => {
    const both: CommandRules = { allow: ['git status', 'git pushy'], deny: ['git push'] };
    assert.equal(verdict('git push origin main', both), 'deny');
    assert.equal(verdict('git status; git push', both), 'deny');
    assert.equal(verdict('git status', both), 'allow');
    assert.equal(verdict('git pushy', both), 'allow', 'deny matches whole words too');
  });

  it('a command naming a sensitive path asks whatever the rules say, and says which', () => {
    const all: CommandRules = { allow: ['ls', 'cat .env', 'npm test', '> .env'], deny: [] };
    for (const command of [
      'cat .env',
      'npm test > .env',
      'cat config/.env.local',
      'cat "id_rsa"',
      'npm test --env-file=.env',
      'cat $(echo .env)',
      'git show HEAD:.env',
    ]) {
      const judged = judgeCommand(command, all, isSensitive);
      assert.equal(judged.verdict, 'ask', command);
      assert.ok(judged.sensitive.length > 0, command);
    }
    assert.equal(verdict('ls README.md', all), 'allow');
  });

  it('rules that are not one plain prefix are ignored; stored rules are normalised', () => {
    assert.equal(verdict('rm -rf x', { allow: ['rm -rf x; ls', '$(x)', '', '   '], deny: [] }), 'ask');
    assert.equal(normalRule('  npm   test '), 'npm test');
    assert.equal(normalRule('npm test; rm'), undefined);
    assert.equal(normalRule('echo "a b"'), "echo 'a b'");
    assert.equal(normalRule(''), undefined);
  });

  it('suggests a read-only prefix of each part as the workspace rule, else the exact part', () => {
    const parts = (c: string) => judgeCommand(c, { allow: [], deny: [] }, isSensitive).parts!;
    assert.deepEqual(suggestedRules(parts('npm test -- --grep x')), ['npm test -- --grep x']);
    assert.deepEqual(suggestedRules(parts('git status --short && npm test')), ['git status', 'npm test']);
    assert.deepEqual(suggestedRules(parts('ls -la')), ['ls']);
    assert.deepEqual(suggestedRules(parts('FOO=1 npm test')), ['FOO=1 npm test']);
    assert.deepEqual(suggestedRules(parts('npm test > out.txt')), undefined, 'no offer for a redirection');
  });
});

describe('run_command card and the one decision "does this call need a card"', () => {
  const context = (allow: string[], deny: string[] = []) => ({ rules: { allow, deny }, isSensitive });

  it('the card offers the workspace rule only where a rule may cover the command', () => {
    assert.deepEqual(preparedCommand('npm test', 'demo', context([])).approval.workspaceRule, ['npm test']);
    assert.equal(
      preparedCommand('npm test; rm -rf x', 'demo', context([])).approval.workspaceRule,
      undefined,
      'a chained command offers no rule: it would be `rm`, wider than what was read',
    );
    assert.equal(preparedCommand('npm test\nls', 'demo', context([])).approval.workspaceRule, undefined, 'nor a multi-line one');
    assert.equal(preparedCommand('npm test $(x)', 'demo', context([])).approval.workspaceRule, undefined);
    assert.equal(preparedCommand('git push', 'demo', context([], ['git push'])).approval.workspaceRule, undefined);
    assert.equal(commandApproval('npm test', 'demo').workspaceRule, undefined, 'without rules in play nothing is offered');
  });

  it('a sensitive command warns and offers neither "Always" nor a workspace rule', () => {
    const { approval, rules } = preparedCommand('cat .env', 'demo', context(['cat']));
    assert.equal(rules, undefined);
    assert.match(approval.warning!, /names \.env, which may contain secrets/);
    assert.equal(approval.alwaysScope, undefined);
    assert.equal(approval.workspaceRule, undefined);
  });

  it('rules decide first (deny wins), then this chat\'s "Always", else a card', () => {
    const chat = new StandingApprovals();
    const allowed = preparedCommand('npm test', 'demo', context(['npm test']));
    assert.equal(approvalNeed('run_command', allowed.approval, allowed.rules, chat), 'run');
    const chained = preparedCommand('npm test; rm -rf x', 'demo', context(['npm test']));
    assert.equal(approvalNeed('run_command', chained.approval, chained.rules, chat), 'card');
    const denied = preparedCommand('npm test', 'demo', context(['npm test'], ['npm']));
    assert.equal(approvalNeed('run_command', denied.approval, denied.rules, chat), 'deny');
    chat.grant('run_command', denied.approval);
    assert.equal(approvalNeed('run_command', denied.approval, denied.rules, chat), 'deny', 'a deny rule beats this chat\'s "Always"');
    const plain = preparedCommand('npm test', 'demo', context([]));
    assert.equal(approvalNeed('run_command', plain.approval, plain.rules, chat), 'run', '"Always" still covers its exact command');
  });
});

describe('tandem.chat.commandRules is a user-only setting', () => {
  it('a workspace that sets it, flat or nested, is noticed and ignored like the key settings', () => {
    for (const settings of [
      { 'tandem.chat.commandRules': { allow: ['rm'] } },
      { tandem: { chat: { commandRules: { allow: ['curl'] } } } },
    ]) {
      const found = userOnlySettingsIn(settings, '.vscode/settings.json');
      assert.deepEqual(
        found.map((f) => f.setting),
        ['tandem.chat.commandRules'],
      );
    }
  });
});
