// `npm run sim`: starts the simulator and serves until SIGINT/SIGTERM.
// Flags: --port-a N --port-b N --ttft-ms N --tps N --fim ideal|realistic|realistic;class=NAME --edit fenced|searchReplace|context|diff
import { parseFimMode, type FimModeSpec } from './fimMode';
import { parseEditMode } from './editMode';
import { startSimulator } from './simulator';
import type { SimOptions } from './types';

const FLAGS: Record<string, keyof SimOptions> = {
  '--port-a': 'portA',
  '--port-b': 'portB',
  '--ttft-ms': 'ttftMs',
  '--tps': 'tokensPerSecond',
};

export function parseArgs(argv: readonly string[]): SimOptions {
  const options: Record<string, number | string> = {};
  for (let i = 0; i < argv.length; i++) {
    const eq = argv[i].indexOf('=');
    const flag = eq < 0 ? argv[i] : argv[i].slice(0, eq);
    const inline = eq < 0 ? undefined : argv[i].slice(eq + 1);
    if (flag === '--fim') {
      const spec = inline ?? argv[++i] ?? '';
      try {
        parseFimMode(spec);
      } catch (err) {
        throw new Error(`--fim: ${(err as Error).message}`);
      }
      options.fim = spec as FimModeSpec;
      continue;
    }
    if (flag === '--edit') {
      const spec = inline ?? argv[++i] ?? '';
      try {
        options.edit = parseEditMode(spec);
      } catch (err) {
        throw new Error(`--edit: ${(err as Error).message}`);
      }
      continue;
    }
    const key = FLAGS[flag];
    if (!key) throw new Error(`unknown flag ${argv[i]} (flags: ${[...Object.keys(FLAGS), '--fim', '--edit'].join(', ')})`);
    const raw = inline ?? argv[++i];
    const value = Number(raw);
    if (raw === undefined || raw.trim() === '' || !Number.isFinite(value) || value < 0)
      throw new Error(`${flag}: expected a non-negative number`);
    options[key] = value;
  }
  return options as SimOptions;
}

async function main(): Promise<void> {
  let options: SimOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exitCode = 2;
    return;
  }
  const sim = await startSimulator(options);
  console.log(`Service A base URL: ${sim.urlA}  (key: ${sim.keyA})`);
  console.log(`Service B base URL: ${sim.urlB}  (key: ${sim.keyB})`);
  const stop = (): void => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    void sim.close().then(() => console.log('Simulator stopped.'));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

// Only when run as the program (`npm run sim`), not when a test imports parseArgs.
if (require.main === module) void main();
