// Guesses the language of a FIM prompt from its syntax; this steers corpus order, indentation and fallbacks.
export type FimLanguage = 'typescript' | 'javascript' | 'python' | 'go';

export function detectFimLanguage(code: string): FimLanguage {
  const score = { typescript: 0, javascript: 0, python: 0, go: 0 };
  if (/^\s*package \w+/m.test(code)) score.go += 5;
  score.go += (code.match(/\bfunc \w*\(|:= |\berr != nil\b/g) ?? []).length * 2;
  score.python += (code.match(/^\s*(def|class) \w+.*:\s*$|^\s*(from \w+ )?import \w+$|\bself\.|\belif\b|:\s*$/gm) ?? []).length * 2;
  score.typescript +=
    (
      code.match(
        /:\s*(string|number|boolean|void|unknown|Promise<)|\binterface \w+|\btype \w+ =|\bexport (function|const|class)|\breadonly\b/g,
      ) ?? []
    ).length * 2;
  score.javascript += (code.match(/\b(const|let|var|function)\b|=>|require\(|;\s*$/gm) ?? []).length;
  const best = (Object.keys(score) as FimLanguage[]).reduce((a, b) => (score[b] > score[a] ? b : a));
  if (best === 'javascript' && score.typescript > 0) return 'typescript';
  return score[best] === 0 ? 'typescript' : best;
}

export function indentUnit(language: FimLanguage): string {
  return language === 'go' ? '\t' : language === 'python' ? '    ' : '  ';
}

export function usesBraces(language: FimLanguage): boolean {
  return language !== 'python';
}
