// The warnings a tool's approval card shows for a sensitive path: what is at stake, in one sentence.
import type { SensitiveKind } from './sensitivePaths';

export function readWarning(path: string, service: string | undefined): string {
  return `${path} may contain secrets; its content will be sent to ${service ?? "the chat's service"}. Approve only if the model needs it.`;
}

export function editWarning(kind: SensitiveKind, path: string): string {
  switch (kind) {
    case 'gitHook':
      return `${path} is a git hook: git runs it as a program on your next commit, checkout or push.`;
    case 'git':
      return `${path} is git's own data: its config can run programs (hooks, fsmonitor, aliases) and send your code or credentials elsewhere.`;
    case 'vscodeSettings':
      return `${path} holds workspace settings: they can redirect where extensions send your API keys and code, and change which programs VS Code runs.`;
    case 'vscodeTasks':
      return `${path} defines tasks or launch configurations: VS Code runs the programs it names.`;
    case 'workspaceFile':
      return `${path} is a workspace file: its settings, tasks and launch configurations can redirect API keys and run programs.`;
    case 'credentials':
    case 'pattern':
      return `${path} is a sensitive file: it may hold secrets or credentials other programs trust, and a change can expose them or redirect where they go.`;
  }
}
