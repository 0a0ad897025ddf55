// More shapes the ninth blind round of the edit corpus found the applier getting wrong: Claude's
// artifacts, Cohere's thinking tokens, ChatGPT canvas's whole-document update, Grok's printed tool calls
// and a stray closing tag of one, and the current code quoted in a shell fence before the changed code.
import * as assert from 'node:assert/strict';
import { applyEditAnswer } from '../../../../src/core/edit/editApplier';
import { applied, fence, lines, refused } from './applierHelpers';

const ERROR = lines('function error(type) {', '\tthrow new RangeError(errors[type]);', '}');
const ALL = { startLine: 0, endLine: 2 };
const FALLBACK = ERROR.replace('errors[type]', 'errors[type] || type');

describe('the edit applier reading what models wrap an edit in', () => {
  it("takes the code of Claude's <antArtifact>, its <antThinking> and the prose after it left out", () => {
    const answer = [
      '<antThinking>A one-line change; I will return the function.</antThinking>',
      '',
      '<antArtifact identifier="error" type="application/vnd.ant.code" language="javascript" title="error">',
      'function error(type) {',
      '\tthrow new RangeError(errors[type] || type);',
      '}',
      '</antArtifact>',
      '',
      'The type name is the fallback now.',
    ].join('\n');
    assert.equal(applied(applyEditAnswer(ERROR, ALL, answer)), FALLBACK);
  });

  it("leaves out Cohere's thinking, and refuses an answer cut off inside it", () => {
    const code = fence('js', 'function error(type) {', '\tthrow new RangeError(errors[type] || type);', '}');
    const answer = `<|START_THINKING|>Use the type as a fallback.\nfunction error(type) {}\n<|END_THINKING|><|START_RESPONSE|>${code}<|END_RESPONSE|>`;
    assert.equal(applied(applyEditAnswer(ERROR, ALL, answer)), FALLBACK);
    assert.equal(refused(applyEditAnswer(ERROR, ALL, '<|START_THINKING|>\nOne option:\nfunction error(type) {')).why, 'truncated');
  });

  it("applies canvas's update of the whole document, and refuses Grok's printed terminal call", () => {
    const canvas = JSON.stringify({ updates: [{ pattern: '.*', multiple: true, replacement: FALLBACK.trimEnd() }] });
    assert.equal(applied(applyEditAnswer(ERROR, ALL, canvas)), FALLBACK);
    const grok = JSON.stringify({ toolCalls: [{ id: 'call_001', type: 'run_in_terminal', command: "sed -i 's/a/b/' punycode.js" }] });
    assert.equal(refused(applyEditAnswer(ERROR, ALL, grok)).why, 'noCode');
  });

  it('applies a bare JSON answer to a JSON file as the data it is, a "code" field and all', () => {
    const json = lines('{"code": "E1", "message": "old"}');
    const answer = '{"code": "E1", "message": "new"}';
    assert.equal(applied(applyEditAnswer(json, { startLine: 0, endLine: 0 }, answer)), lines(answer));
  });

  it('drops a stray </xai:function_call> line from the code, but not such a line the file has', () => {
    const answer = fence('js', 'function error(type) {', '\tthrow new RangeError(errors[type] || type);', '}', '</xai:function_call>');
    assert.equal(applied(applyEditAnswer(ERROR, ALL, answer)), FALLBACK);
    const xml = lines('<calls>', '  <invoke name="a"/>', '</calls>');
    const more = fence('xml', '<calls>', '  <invoke name="a"/>', '  <invoke name="b"/>', '</calls>');
    assert.equal(applied(applyEditAnswer(xml, ALL, more)), lines('<calls>', '  <invoke name="a"/>', '  <invoke name="b"/>', '</calls>'));
  });

  it('takes the changed code, not the current code quoted before it, when both are in shell fences', () => {
    const sh = lines('# a temporary file', 'WRITE_TEST=$(mktemp)', 'echo done');
    const answer = `Currently you have:\n\n${fence('sh', 'WRITE_TEST=$(mktemp)')}\n\nChange it to:\n\n${fence('sh', 'WRITE_TEST=$(mktemp) || exit 1')}`;
    assert.equal(applied(applyEditAnswer(sh, { startLine: 1, endLine: 1 }, answer)), sh.replace('$(mktemp)\n', '$(mktemp) || exit 1\n'));
  });
});
