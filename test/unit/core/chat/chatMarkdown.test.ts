import assert from 'node:assert/strict';
import { blockText, chatMarkdown, markdownFileName } from '../../../../src/core/chat/chatMarkdown';
import type { ChatView } from '../../../../src/shared/protocol';

const chat: ChatView = {
  id: 'c1',
  title: 'Fix <b>the</b> parser',
  options: { service: 'B', model: 'beta-v4-flash', thinking: true, reasoningEffort: 'high', webSearch: false },
  turns: [
    { id: 'u1', role: 'user', text: 'Why does `a < b` fail? </details><script>alert(1)</script>', attachments: [] },
    {
      id: 'a1',
      role: 'assistant',
      status: 'done',
      reasoning: 'Let me look.\n</details>\n<img src=x onerror=alert(1)>',
      content: 'Here is a fix:\n\n```ts\nif (a < b) {}\n</details>\n```\n\nDone & dusted.',
      toolCalls: [
        { id: 't1', name: 'read_file', args: '{"path":"src/parse.ts"}', status: 'done', result: 'code' },
        { id: 't2', name: 'run_command', args: '{"command":"npm test\\n`rm`"}', status: 'denied' },
        { id: 't3', name: 'search_text', args: 'not json', status: 'error', result: 'Error: bad query\nmore' },
      ],
      citations: [{ title: 'Spec [draft]', url: 'https://example.com/a (b)' }],
    },
  ],
};

const date = new Date(Date.UTC(2026, 10, 23, 14, 5));

describe('chat as Markdown (export, copy)', () => {
  it('writes title, date, model, each message, folded reasoning, tool summaries and sources', () => {
    const md = chatMarkdown(chat, { date });
    assert.equal(
      md,
      [
        '# Fix &lt;b&gt;the&lt;/b&gt; parser',
        '',
        '- Date: 2026-11-23 14:05 UTC',
        '- Model: beta-v4-flash (Service B)',
        '',
        '## User',
        '',
        'Why does `a < b` fail? &lt;/details>&lt;script>alert(1)&lt;/script>',
        '',
        '## Assistant',
        '',
        '<details><summary>Reasoning</summary>',
        '',
        'Let me look.\n&lt;/details>\n&lt;img src=x onerror=alert(1)>',
        '',
        '</details>',
        '',
        '- Tool `read_file` `src/parse.ts`: done',
        '- Tool `run_command` `` npm test `rm` ``: declined',
        '- Tool `search_text`: failed: bad query',
        '',
        'Here is a fix:\n\n```ts\nif (a < b) {}\n</details>\n```\n\nDone &amp; dusted.',
        '',
        'Sources:',
        '',
        '- [Spec \\[draft\\]](https://example.com/a%20%28b%29)',
        '',
      ].join('\n'),
    );
  });

  it('has exactly one <details> open and close per reasoning block whatever the transcript holds', () => {
    const md = chatMarkdown(chat, { date });
    // Outside code, only the structure's own tags remain as HTML.
    const outsideCode = md.replace(/```[^]*?```/g, '').replace(/`[^`\n]*`/g, '');
    assert.equal(outsideCode.match(/<details>/g)?.length, 1);
    assert.equal(outsideCode.match(/<\/details>/g)?.length, 1);
    assert.ok(!/<(script|img)/.test(outsideCode));
  });

  it('closes a code fence the model left open, so it cannot swallow what follows', () => {
    assert.equal(blockText('look:\n````js\nlet a = 1;\n```\n</details>'), 'look:\n````js\nlet a = 1;\n```\n</details>\n````');
    const open: ChatView = {
      ...chat,
      turns: [
        {
          ...(chat.turns[1] as Extract<ChatView['turns'][number], { role: 'assistant' }>),
          reasoning: '```\nunclosed',
          toolCalls: [],
          citations: [],
        },
      ],
    };
    assert.ok(chatMarkdown(open, { date }).includes('```\nunclosed\n```\n\n</details>'));
  });

  it('names the file after the chat title', () => {
    assert.equal(markdownFileName('Fix: the "parser"/lexer?'), 'Fix the parser lexer.md');
    assert.equal(markdownFileName('...'), 'chat.md');
    assert.equal(markdownFileName(''), 'chat.md');
  });
});
