// Documented ways fill-in-the-middle models answer, with the public source each one comes from.
// Nothing here comes from this project's completion code (which the corpus author did not read).

export const SRC = {
  contract:
    'Service B contract (docs/contracts.md#b-fim), the fill-in-the-middle request: prompt + suffix, max_tokens, stop, choices[].text; generated length at most 4K (docs/contracts.md#b-fim-max-tokens)',
  deepseekFim:
    'https://api-docs.deepseek.com/guides/fim_completion (FIM example: prompt "def fib(a):", suffix "    return fib(a-1) + fib(a-2)")',
  continue867: 'continuedev/continue#867 (Code Llama tab completion always ends with an <EOT> token)',
  llamacpp9606: 'ggml-org/llama.cpp#9606 (Qwen2.5-Coder in FIM mode keeps outputting tokens past <|endoftext|>)',
  qwen389: 'QwenLM/Qwen3-Coder#389 (Qwen2.5-Coder-7B FIM generates repeated <|fim_pad|>)',
  qwen543: 'QwenLM/Qwen3-Coder#543 (FIM answer comes back as a ```python fenced snippet)',
  qwen55: 'QwenLM/Qwen3-Coder#55 (FIM answer: the right line, then the suffix line again, then invented methods main() and test2())',
  qwen206: 'QwenLM/Qwen3-Coder#206 (instruct model in FIM outputs natural-language answers)',
  dsv2_27: 'deepseek-ai/DeepSeek-Coder-V2#27 (FIM answer: "Here\'s the corrected and completed version..." plus a ```cpp block)',
  ds80: 'deepseek-ai/DeepSeek-Coder#80 (instruct model answers a FIM prompt with a ```javascript block that repeats the original code)',
  starcoder2_10: 'bigcode-project/starcoder2#10 (FIM output does not stop; <file_sep> separates files, <|endoftext|> ends)',
  twinny268: 'twinnydotdev/twinny#268 (starcoder2 completions contain <file_sep> and text after it)',
  twinny317:
    'twinnydotdev/twinny#317 (qwen2.5-coder FIM output shows tokens such as <fim_suffix>; the model completes a docstring "Compute the nth Fibonacci number")',
  twinny225: 'twinnydotdev/twinny#225 (codellama suggests Python in a JavaScript file)',
  continue4721: 'continuedev/continue#4721 (autocomplete duplicates code)',
  vscode253582: 'microsoft/vscode#253582 (Copilot completion duplicates the next line)',
  llamavim71: 'ggml-org/llama.vim#71 (the LLM spews out duplicated lines when completing from the end of a line)',
  continue6637: 'continuedev/continue#6637 (autocomplete gives regular chat output alongside the suggestion)',
  straico13: 'jayrinaldime/ollama-straico-apiproxy#13 (Continue autocomplete returns a description of the code instead of code)',
  kilo4340: 'Kilo-Org/kilocode#4340 (first line of a suggestion has 3 additional spaces)',
  tabby3261: 'TabbyML/tabby#3261 (completion starts with a space, accepting it makes a syntax error)',
  tabby2902: 'TabbyML/tabby#2902 (generations delete some indentation characters)',
  sg53743: 'sourcegraph/sourcegraph-public-snapshot#53743 (Cody returns suggestions with mixed tab/space indentation)',
  cmp95: 'zbirenbaum/copilot-cmp#95 (suggestions use spaces in a tab-indented file)',
  continue7972: 'continuedev/continue#7972 (completion whose first character is a tab)',
  obsidian106: 'Pierrad/obsidian-github-copilot#106 (suggestion repeats the line of text already typed)',
  tabnine102: 'codota/TabNine#102 (extra closing brace although one is already present)',
  vscode136452: 'microsoft/vscode#136452 (Copilot often gets brackets wrong; excess or missing brackets)',
  seed3:
    'ByteDance-Seed/Seed-Coder#3 (FIM model does not stop after the middle; HumanEval uses stop words \\ndef, \\nclass, \\nif, \\nprint)',
  qwencode1403: 'QwenLM/qwen-code#1403 (model repeats the same sentence until the max token limit)',
  vllm188: 'waybarrios/vllm-mlx#188 (stuck repetition loops run to max_tokens)',
  continue5449: 'continuedev/continue#5449 (autocomplete maxTokens; long answers are cut at the limit)',
  sglang12824: 'sgl-project/sglang#12824 (DeepSeek output repeats <｜begin▁of▁sentence｜> until truncated)',
  dsr1_461: 'deepseek-ai/DeepSeek-R1#461 (tokenizer_config: eos_token <｜end▁of▁sentence｜>)',
  tabby3810: 'TabbyML/tabby#3810 (DeepSeek/CodeLlama-style prompt template ending in </s>)',
  continueFim:
    'continuedev/continue core/llm/templates/fim.ts (FIM templates and stop words: <PRE> <SUF> <MID> <EOT>, <｜fim▁begin｜> <｜fim▁hole｜> <｜fim▁end｜>, <fim_prefix> <fim_suffix> <fim_middle> <|endoftext|>)',
  qwenTemplate:
    'Qwen2.5-Coder README "file-level code completion (fill-in-the-middle)" via twinny#317 / xiehaojie/daik-ai qwen fimtemplate.ts (stop: <|endoftext|> <|fim_prefix|> <|fim_middle|> <|fim_suffix|> <|fim_pad|> <|repo_name|> <|file_sep|> <|im_start|> <|im_end|>)',
  llamaVscode55: 'ggml-org/llama.vscode#55 (model thinks for a long time, then produces no suggestion)',
  anchors:
    'the team notes on peer extensions, ANCHORS.md (peers: Continue rejects blank output and rewrites of the line above, stops at similar lines; llama.vscode discards suggestions equal to the next lines; Tabby removes a duplicated block-closing line)',
  copilot8741: 'microsoft/vscode-copilot-release#8741 (users want the block closed: a suggestion that is just the closing brace is wanted)',
};

const S = SRC;
export const KINDS = {
  ideal: {
    why: `Perfect FIM answer: exactly the author's text between prefix and suffix, as the FIM endpoint returns it in choices[].text. Measures what the pipeline loses from a perfect model. Sources: ${S.contract}; ${S.deepseekFim}.`,
  },
  'resembles-next': {
    why: `The right line looks like the line after the cursor but is new code (parallel import/assignment/case). Peers filter answers similar to the next line, so a right answer is at risk of being dropped; it must be shown. Sources: ${S.anchors}; for the real duplicate case see ${S.vscode253582}.`,
  },
  'comment-prose': {
    why: `Cursor inside a comment or docstring: the right answer is a prose sentence, which FIM models write there. Source: ${S.twinny317}; ${S.deepseekFim}.`,
  },
  'lone-closer': {
    why: `The middle is only a closing bracket (end of block or file). A right, tiny answer that filters for duplicated closers or punctuation-only text could drop. Sources: ${S.copilot8741}; ${S.anchors}.`,
  },
  'next-line': {
    why: `Cursor at the end of a complete statement without ';': the middle starts with a newline and writes the next statement. Sources: ${S.deepseekFim} (the middle after "def fib(a):" begins with a newline); ${S.llamavim71} (completions asked from the end of a line).`,
  },
  fenced: { why: `Chat-tuned models wrap the FIM answer in a markdown fence; the code inside is right. Sources: ${S.qwen543}; ${S.ds80}.` },
  'fenced-explained': {
    why: `Model answers like a chat: a sentence, a fenced block with the right code, sometimes an explanation after. Sources: ${S.dsv2_27}; ${S.continue6637}.`,
  },
  'truncated-length': {
    why: `Answer cut by max_tokens (finish_reason "length") inside a string/comment/regex/template that holds a bracket, so counting brackets naively misreads it. Sources: ${S.contract}; ${S.continue5449}.`,
  },
  'special-token-end': { why: `Right answer followed by a model control token that the server did not treat as a stop.` },
  'special-token-mid': {
    why: `Right answer, then a control token the server did not stop on, then text that belongs to another file or to the prompt.`,
  },
  'special-token-only': {
    why: `The answer is nothing but a control token (the model ended at once or looped on a pad token); nothing to show.`,
  },
  'tabs-vs-spaces': {
    why: `The answer indents with the other whitespace character than the file. Sources: ${S.sg53743}; ${S.cmp95}; ${S.continue7972}.`,
  },
  'reindent-first': {
    why: `Right text, wrong indentation on the first line only. Sources: ${S.kilo4340}; ${S.tabby3261}; ${S.anchors} (llama.vscode strips re-emitted indentation).`,
  },
  'reindent-all': { why: `Right text at the wrong indentation on all lines. Sources: ${S.kilo4340}; ${S.tabby2902}.` },
  'reindent-later': { why: `Right first line, later lines off by one indentation level. Sources: ${S.tabby2902}; ${S.kilo4340}.` },
  'invented-definition': {
    why: `After the right end of a definition the model keeps going and invents another definition. Sources: ${S.qwen55}; ${S.seed3}.`,
    pool: {
      python: (u, d, s) =>
        `\n\n\ndef _${pickName(s)}_or_default(value, default=None):\n${u}"""Return value, or default when value is None."""\n${u}if value is None:\n${u}${u}return default\n${u}return value`,
      javascript: (u, d, s) =>
        `\n\n${d}function ${pickName(s)}OrDefault (value, fallback) {\n${d}${u}if (value === undefined || value === null) {\n${d}${u}${u}return fallback\n${d}${u}}\n${d}${u}return value\n${d}}`,
      typescript: (u, d, s) =>
        `\n\n${d}export function ${pickName(s)}OrDefault<T>(value: T | undefined, fallback: T): T {\n${d}${u}return value === undefined ? fallback : value;\n${d}}`,
      java: (u, d, s) =>
        `\n\n${d}/**\n${d} * Returns a debug representation of this object.\n${d} */\n${d}public String ${pickName(s)}Debug() {\n${d}${u}return getClass().getSimpleName() + "@" + Integer.toHexString(hashCode());\n${d}}`,
      typescriptreact: (u, d, s) => `\n\n${d}export const ${pickName(s)}Story = () => <div />;`,
    },
  },
  'repeats-suffix': {
    why: `The model writes the right span and then goes on to repeat text that is already in the suffix. Sources: ${S.vscode253582}; ${S.continue4721}; ${S.llamavim71}; ${S.qwen55}.`,
  },
  'repeats-prefix-line': {
    why: `The model repeats the line above the cursor. Sources: ${S.continue4721}; ${S.anchors} (Continue rejects rewrites of the line above).`,
  },
  'rewrites-current-line': {
    why: `The answer begins with the text already typed on the cursor's line, as if it rewrote the line. Sources: ${S.obsidian106}; ${S.ds80}.`,
  },
  'chat-prose': {
    why: `Chat-style prose instead of code (no code in it). Sources: ${S.dsv2_27}; ${S.continue6637}; ${S.straico13}.`,
    make: (s, pick, id) =>
      pick([
        `I'm sorry, but I need more context to complete this code. Could you share the rest of the file?`,
        `It looks like you're working with \`${id(s.hidden)}\`. Here's what the code does: it processes the input and returns the result. Let me know if you'd like me to complete it!`,
        `Sure! To complete this, you need to call \`${id(s.hidden)}\` with the right arguments and handle the result.`,
        `The code you provided seems incomplete. Please provide more details about what you want to achieve.`,
      ]),
  },
  'prose-in-code': {
    why: `Cursor in code, the answer is a prose sentence (a description of the code instead of code). Sources: ${S.straico13}; ${S.qwen206}.`,
    make: (s, pick, id) =>
      pick([
        `This line updates \`${id(s.hidden)}\` so that the following code can use it.`,
        `Initialize ${id(s.hidden)} before it is used below.`,
        `Here we check the value and return early if it is not valid.`,
      ]),
  },
  'markdown-junk': {
    why: `Markdown (headings, bullet lists) instead of code. Sources: ${S.continue6637}; ${S.qwen543}.`,
    make: (s, pick, id) =>
      pick([
        `### Explanation\n\n- \`${id(s.hidden)}\` is used to handle the input.\n- The result is returned to the caller.`,
        `**Note:** The function \`${id(s.hidden)}\` should be defined before this line.\n\n1. Check the input\n2. Return the value`,
      ]),
  },
  'wrong-language': {
    why: `Code in another language than the file. Source: ${S.twinny225}.`,
    make: (s, pick) =>
      ({
        python: () =>
          pick([
            `const result = items.map((item) => item.trim());`,
            `for (let i = 0; i < values.length; i++) {\n    console.log(values[i]);\n}`,
          ]),
        javascript: () =>
          pick([
            `def process(self, value):\n    return value.strip()`,
            `if __name__ == "__main__":\n    main()`,
            `    for item in items:\n        result.append(item)`,
          ]),
        typescript: () =>
          pick([
            `def handle(event):\n    return event["data"]`,
            `fn parse(input: &str) -> Result<String, Error> {\n    Ok(input.to_string())\n}`,
          ]),
        typescriptreact: () => `def render(self):\n    return self.template`,
        java: () => pick([`    result = [x for x in values if x]`, `    const value = options?.value ?? null;`]),
      })[s.lang](),
  },
  empty: {
    why: `The FIM endpoint answers with empty text (the model emitted its end token at once). Nothing to show. Sources: ${S.contract} (choices[].text may be anything the model generates); ${S.llamaVscode55}.`,
  },
  'whitespace-only': {
    why: `The answer is only whitespace/newlines. Nothing to show. Source: ${S.anchors} (Continue rejects blank output).`,
  },
  'runaway-repetition': {
    why: `Degenerate repetition loop running to the 4K FIM output limit (finish_reason "length"). Sources: ${S.qwencode1403}; ${S.vllm188}; ${S.contract} (at most 4K generated).`,
  },
  'unbalanced-brackets': {
    why: `The answer closes a bracket that the suffix already closes, so showing it as is unbalances the file. Sources: ${S.tabnine102}; ${S.vscode136452}.`,
  },
};

function pickName(s) {
  const m = /[A-Za-z_$][\w$]{3,}/.exec(s.hidden.replace(/\b(return|const|this|self|new|await)\b/g, ''));
  const n = m ? m[0] : 'value';
  return n.replace(/^[A-Z]/, (c) => c.toLowerCase()).replace(/^_+/, '');
}

const nextFileJunk = {
  python: '\n# utils/helpers.py\nimport os\n\n\ndef read_file(path):\n    with open(path) as f:\n        return f.read()\n',
  javascript: "\n// lib/helpers.js\n'use strict'\n\nmodule.exports = function noop () {}\n",
  typescript: '\n// src/helpers.ts\nexport const noop = (): void => {};\n',
  typescriptreact: '\n// src/components/Button.tsx\nexport const Button = () => <button />;\n',
  java: '\npackage com.example;\n\npublic class Helper {\n}\n',
};

export const TOKENS = {
  end: [
    { token: '<|endoftext|>', family: 'Qwen2.5-Coder / StarCoder EOS', src: `${S.llamacpp9606}; ${S.starcoder2_10}` },
    { token: '<｜end▁of▁sentence｜>', family: 'DeepSeek EOS', src: `${S.dsr1_461}` },
    { token: '</s>', family: 'CodeLlama / Mistral EOS', src: `${S.tabby3810}` },
    { token: ' <EOT>', family: 'CodeLlama infill end', src: `${S.continue867}` },
    { token: '<EOT>', family: 'CodeLlama infill end', src: `${S.continue867}` },
    { token: '<|file_sep|>', family: 'Qwen2.5-Coder repo-level separator', src: `${S.qwenTemplate}` },
    { token: '<file_sep>', family: 'StarCoder2 file separator', src: `${S.twinny268}; ${S.starcoder2_10}` },
    { token: '<|im_end|>', family: 'Qwen instruct end of turn', src: `${S.llamacpp9606}` },
    { token: '<|fim_pad|>', family: 'Qwen FIM pad', src: `${S.qwen389}` },
  ],
  mid: [
    {
      token: '<|file_sep|>',
      family: 'Qwen2.5-Coder repo-level separator',
      src: `${S.qwenTemplate}; ${S.llamacpp9606}`,
      after: (s) => nextFileJunk[s.lang],
    },
    {
      token: '<file_sep>',
      family: 'StarCoder2 file separator',
      src: `${S.twinny268}; ${S.starcoder2_10}`,
      after: (s) => nextFileJunk[s.lang],
    },
    { token: '<|endoftext|>', family: 'Qwen2.5-Coder / StarCoder EOS', src: `${S.llamacpp9606}`, after: (s) => nextFileJunk[s.lang] },
    {
      token: '<fim_suffix>',
      family: 'StarCoder/CodeQwen FIM marker',
      src: `${S.twinny317}`,
      after: (s) => s.text.slice(s.end).split('\n').slice(0, 2).join('\n'),
    },
    {
      token: '<|fim_suffix|>',
      family: 'Qwen2.5-Coder FIM marker',
      src: `${S.twinny317}; ${S.qwenTemplate}`,
      after: (s) => s.text.slice(s.end).split('\n').slice(0, 2).join('\n'),
    },
    {
      token: '<｜fim▁hole｜>',
      family: 'DeepSeek-Coder FIM marker',
      src: `${S.dsv2_27}; ${S.continueFim}`,
      after: (s) => s.text.slice(s.end).split('\n').slice(0, 2).join('\n'),
    },
    {
      token: ' <MID>',
      family: 'CodeLlama FIM marker',
      src: `${S.continueFim}`,
      after: (s) => s.text.slice(s.end).split('\n').slice(0, 2).join('\n'),
    },
    { token: '<|fim_pad|>', family: 'Qwen FIM pad', src: `${S.qwen389}`, after: () => '<|fim_pad|>'.repeat(12) },
  ],
  only: [
    { raw: '<|endoftext|>', src: `Qwen/StarCoder EOS as the whole answer: ${S.llamacpp9606}` },
    { raw: '<｜end▁of▁sentence｜>', src: `DeepSeek EOS as the whole answer: ${S.dsr1_461}` },
    { raw: ' <EOT>', src: `CodeLlama EOT as the whole answer: ${S.continue867}` },
    { raw: '<|fim_pad|><|fim_pad|><|fim_pad|><|fim_pad|>', src: `Only pad tokens: ${S.qwen389}` },
    { raw: '<file_sep>', src: `Only the file separator: ${S.twinny268}` },
    { raw: '</s>', src: `Only the EOS: ${S.tabby3810}` },
    { raw: '<|fim_middle|>', src: `Only an echoed FIM marker: ${S.twinny317}` },
    { raw: '<｜fim▁end｜>', src: `Only an echoed FIM marker: ${S.continueFim}` },
  ],
};
