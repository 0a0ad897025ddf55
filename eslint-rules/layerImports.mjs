// A local ESLint rule: which repository folders a file may import from. Each relative import is
// resolved against the importing file, because a pattern on the import text cannot tell
// `../vscode/x` written in src/core/ (a layer breach) from the same text one folder deeper.
// Bare specifiers (npm packages, `vscode`, `node:*`) are left to no-restricted-imports.
import path from 'node:path';

/** Paths in the options are relative to the repository root, the folder above this one. */
const root = path.resolve(import.meta.dirname, '..');

/** `src/vscode/` (ends in a slash) is a folder and all below it; anything else is one module. */
function matches(target, entry) {
  return entry.endsWith('/') ? `${target}/`.startsWith(entry) : target === entry;
}

/** @type {import('eslint').Rule.RuleModule} */
export const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep each layer to the folders and modules it may import from.' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: { type: 'array', items: { type: 'string' } },
          deny: { type: 'array', items: { type: 'string' } },
          /** Reachable only by `import type` / `export type` / `import('…').T`: erased before anything runs. */
          typesOnly: { type: 'array', items: { type: 'string' } },
          typesOnlyMessage: { type: 'string' },
          message: { type: 'string' },
        },
        required: ['message'],
        additionalProperties: false,
      },
    ],
    messages: {
      outside: "'{{source}}' resolves to {{target}}, which this layer may not import. {{message}}",
      runtime: "'{{source}}' resolves to {{target}}, which this layer may import only as types (`import type`). {{message}}",
    },
  },
  create(context) {
    const { allow, deny = [], typesOnly = [], typesOnlyMessage, message } = context.options[0];
    const check = (node, source, typeOnly) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const absolute = path.resolve(path.dirname(context.filename), source);
      const target = path
        .relative(root, absolute)
        .split(path.sep)
        .join('/')
        .replace(/\.(ts|js|mjs|cjs)$/, '');
      const allowed =
        (allow === undefined || allow.some((entry) => matches(target, entry))) && !deny.some((entry) => matches(target, entry));
      if (!allowed) context.report({ node, messageId: 'outside', data: { source, target, message } });
      else if (!typeOnly && typesOnly.some((entry) => matches(target, entry)))
        context.report({ node, messageId: 'runtime', data: { source, target, message: typesOnlyMessage ?? message } });
    };
    // Only a declaration marked `type` as a whole is erased for certain: `import { type T }` may still
    // load the module (verbatimModuleSyntax keeps it as `import {}`), so it counts as a runtime import.
    const fromSource = (kind) => (node) => check(node.source, node.source?.value, node[kind] === 'type');
    return {
      ImportDeclaration: fromSource('importKind'),
      ExportNamedDeclaration: fromSource('exportKind'),
      ExportAllDeclaration: fromSource('exportKind'),
      ImportExpression: (node) => check(node.source, node.source.type === 'Literal' ? node.source.value : undefined, false),
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.argument?.value, true),
    };
  },
};
