import * as assert from 'node:assert/strict';
import { MAX_MCP_RESULT_CHARS, mcpResultText } from '../../../../src/core/mcp/mcpResult';

describe('MCP results for the model and the card', () => {
  it('joins text parts; sends structuredContent as JSON only when there is no text', () => {
    assert.equal(
      mcpResultText(
        {
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
          structuredContent: { x: 1 },
        },
        'A',
      ).text,
      'a\nb',
    );
    assert.equal(mcpResultText({ content: [], structuredContent: { x: 1 } }, 'A').text, '{\n  "x": 1\n}');
  });

  it('a 20 MB result is capped as read_file caps, for the model and the card', () => {
    const huge = 'x'.repeat(20 * 1024 * 1024);
    const shown = mcpResultText(
      {
        content: [
          { type: 'text', text: huge },
          { type: 'text', text: huge },
        ],
      },
      'B',
    );
    assert.ok(shown.text.length < MAX_MCP_RESULT_CHARS + 200);
    assert.match(shown.text, /cut: the result has 20971520 characters/);
    const cardChars = shown.parts.reduce((n, p) => n + (p.kind === 'text' ? p.text.length : 0), 0);
    assert.ok(cardChars < MAX_MCP_RESULT_CHARS + 200);
  });

  it('images go to the card; the model is told, and Service B that it reads text only', () => {
    const result = { content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] };
    assert.deepEqual(mcpResultText(result, 'A').parts, [{ kind: 'image', mimeType: 'image/png', bytes: 9, data: 'iVBORw0KGgo=' }]);
    assert.match(mcpResultText(result, 'B').text, /Service B reads text only/);
  });

  it('embedded resources and resource links are listed; isError is reported', () => {
    const shown = mcpResultText(
      {
        content: [
          { type: 'resource', resource: { uri: 'demo://a', mimeType: 'text/plain', text: 'hello' } },
          { type: 'resource_link', uri: 'demo://b', name: 'B' },
        ],
        isError: true,
      },
      'A',
    );
    assert.equal(shown.isError, true);
    assert.equal(shown.text, '[Resource demo://a]\nhello\n[Resource link: B demo://b]');
    assert.equal(shown.parts.length, 2);
  });
});
