// Text a user reads, kept as an English template with `{0}` placeholders and its arguments, so that it
// is translated where it is shown (the host's vscode.l10n). scripts/l10n-export.mjs collects the
// template of every `phrase('…')` call in src/core into the l10n bundle, so each must be a literal.

export interface Phrase {
  readonly template: string;
  readonly args: readonly (string | number)[];
}

/** Turns a phrase into the text shown: the host passes one that translates; tests and logs use English. */
export type Localise = (phrase: Phrase) => string;

export function phrase(template: string, ...args: (string | number)[]): Phrase {
  return { template, args };
}

export const english: Localise = ({ template, args }) =>
  template.replace(/\{(\d+)\}/g, (whole, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : whole));
