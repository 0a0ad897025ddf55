import * as vscode from 'vscode';
import { COMMANDS } from './core/config/commandCatalog';
import { KeyOriginGate } from './core/keys/keyOrigins';
import { DisposableStore } from './core/lifecycle/disposableStore';
import { rememberingKeys } from './core/keys/keySource';
import { registerApiKeyCommands } from './vscode/keys/apiKeyCommands';
import { KeyWithOrigin } from './vscode/keys/keyWithOrigin';
import { registerCheckConnectionCommand } from './vscode/services/checkConnectionCommand';
import { showFirstRunNotice } from './vscode/ui/firstRun';
import { IgnoredSettingsNotice } from './vscode/config/ignoredSettingsNotice';
import { SecretOriginAnswers } from './vscode/keys/originAnswers';
import { SecretKeys } from './vscode/keys/secretStorageKeys';
import { OutflowGate } from './vscode/security/outflowGate';
import { ServiceClients } from './vscode/services/serviceClients';
import { migrateRetiredModelSettings, watchRetiredModelSettings } from './vscode/config/settingsMigration';
import { SetupView } from './vscode/ui/setupView';
import { realUi } from './vscode/ui/tandemUi';
import { InlineCompletions } from './vscode/completion/inlineCompletions';
import { RootConsent } from './vscode/security/rootConsent';
import { registerMenuCommand, TandemStatusBar } from './vscode/ui/statusBar';
import { meteredSpeech } from './core/spend/meteredStreams';
import { registerSpend } from './vscode/spend/registerSpend';
import { lazyModule } from './core/lifecycle/lazyModule';
import { registerLazyCommands } from './vscode/lifecycle/lazyCommands';
import { registerLazyChat } from './vscode/chat/lazyChatView';
import { SPEECH_COMMANDS } from './vscode/speech/speechContributions';
// Type imports only: chat, speech and the Spend panel are bundles of their own, required on first use below.
import type * as ChatBundle from './vscode/chat/registerChat';
import type * as SpeechBundle from './vscode/speech/registerSpeech';
import type * as SpendViewBundle from './vscode/spend/registerSpendView';
import { registerEdit } from './vscode/edit/registerEdit';

/**
 * What activate() built. VS Code calls deactivate() with no arguments and disposes context.subscriptions
 * without waiting, so the composition root keeps this one reference to await the asynchronous disposals.
 */
let built: DisposableStore | undefined;

/** Composition root: build the objects, register them, nothing else. */
export function activate(context: vscode.ExtensionContext) {
  const activateStart = performance.now();
  const log = vscode.window.createOutputChannel('Tandem', { log: true });
  const ui = realUi();
  const secretKeys = new SecretKeys(context.secrets);
  const originAnswers = new SecretOriginAnswers(context.secrets);
  const origins = new KeyOriginGate({
    stored: secretKeys,
    env: process.env,
    answers: originAnswers,
    confirm: (service, origin) => ui.confirmOrigin(service, origin),
  });
  const apiKeys = new KeyWithOrigin(secretKeys, origins);
  const keys = rememberingKeys(origins);
  const clients = new ServiceClients(keys, log, keys.known);
  const setupView = new SetupView(secretKeys, context.secrets);
  // The one sensitive-content gate, with the user's answers about the roots that need consent.
  const gate = new OutflowGate(new RootConsent(context.workspaceState));
  const spend = registerSpend(context, ui, log, async () => {
    const info = await clients.b.balance();
    const cny = info.balances.find((b) => b.currency === 'CNY');
    return cny ? Number(cny.total) : undefined;
  });
  const completions = new InlineCompletions(clients, log, gate, {
    sink: spend.ledger,
    pause: { pausedUntil: () => spend.guard.completionsPausedUntil() },
  });
  const statusBar = new TandemStatusBar(setupView, completions.status, spend);
  const ignoredSettings = new IgnoredSettingsNotice(context.workspaceState, ui);
  const store = new DisposableStore();
  built = store;
  context.subscriptions.push(store);
  // Chat, read aloud and the Spend panel load on first use (src/core/lifecycle/lazyModule.ts): each is
  // built, and its disposables join the store, when its view resolves or one of its commands runs.
  /* eslint-disable @typescript-eslint/no-require-imports -- each require loads a feature's bundle on first use */
  const chatOnly = lazyModule(() => {
    const { registerChat } = require('./vscode/chat/registerChat') as typeof ChatBundle;
    const registration = addAll(store, registerChat(context, clients, log, gate, { sink: spend.ledger, budget: spend.guard }));
    // The Services view lists the MCP servers once the chat, which runs them, exists.
    store.add(setupView.attachMcp(registration.mcp));
    return registration;
  });
  const speech = lazyModule(() => {
    const { registerSpeech } = require('./vscode/speech/registerSpeech') as typeof SpeechBundle;
    const speechClient = meteredSpeech(
      { streamSpeech: (options, call) => clients.a.streamSpeech(options, call) },
      { sink: spend.ledger, budget: spend.guard },
    );
    return addAll(store, registerSpeech(clients, chatOnly().provider, log, gate, ui, speechClient));
  });
  // An answer's speaker button and auto-read live in the chat, so the chat always comes with them.
  const answerSpeech = lazyModule(() => {
    const { registerAnswerSpeech } = require('./vscode/speech/registerSpeech') as typeof SpeechBundle;
    return addAll(store, registerAnswerSpeech(chatOnly(), speech().readAloud, log));
  });
  const chat = () => {
    const registration = chatOnly();
    answerSpeech();
    return registration;
  };
  const spendView = lazyModule(() => {
    const { registerSpendView } = require('./vscode/spend/registerSpendView') as typeof SpendViewBundle;
    return addAll(
      store,
      registerSpendView(context, spend, chat, log, () => spend.balance.comparison()),
    );
  });
  /* eslint-enable @typescript-eslint/no-require-imports */
  // Inline edit's commands and its (request-free) code actions exist from activation; the edit
  // controller and the commit message writer are bundles of their own, loaded on first use.
  const edit = addAll(
    store,
    registerEdit({
      context,
      clients,
      gate,
      ui,
      log,
      spend: { sink: spend.ledger, budget: spend.guard },
      rules: () => chat().rulesSection(),
      attachSelection: () => chat().attachSelection(),
    }),
  );

  for (const disposable of [
    log,
    // Early, so disposed late: what the features record as they stop is still written.
    ...spend.disposables,
    secretKeys,
    originAnswers,
    clients,
    setupView,
    vscode.window.registerTreeDataProvider('tandem.setup', setupView),
    completions,
    spend.onDidChange(() => completions.status.changed()),
    statusBar,
    registerMenuCommand(completions.status),
    ...registerApiKeyCommands(apiKeys),
    registerCheckConnectionCommand(clients, spend.ledger),
    vscode.commands.registerCommand(COMMANDS.showLog, () => log.show()),
    watchRetiredModelSettings(),
    ignoredSettings,
    ...registerLazyChat(chat),
    ...registerLazyCommands(SPEECH_COMMANDS, () => speech().commands),
    ...registerLazyCommands([COMMANDS.readLastAnswer], () => ({ [COMMANDS.readLastAnswer]: answerSpeech().readLastAnswer })),
    ...registerLazyCommands([COMMANDS.showSpend], () => ({ [COMMANDS.showSpend]: () => spendView().panel.show() })),
  ]) {
    store.add(disposable);
  }
  const activation = activationTimes(activateStart);
  // The first look at settings and keys (the Services view, the status bar, and the notices about retired
  // models, ignored workspace settings and a first run) comes right after activate() returns: activation
  // only builds and registers, and the window goes on starting while these read.
  const firstLook = setImmediate(() => {
    const started = performance.now();
    completions.load();
    void showFirstRunNotice(context.globalState, setupView); // settles when the user answers it
    void Promise.all([setupView.publishReady(), statusBar.refresh(), migrateRetiredModelSettings(), ignoredSettings.start()]).finally(
      () => (activation.firstLookMs = performance.now() - started),
    );
  });
  store.add({ dispose: () => clearImmediate(firstLook) });
  log.info(`Tandem activated: module load ${activation.loadMs.toFixed(1)} ms, activate() ${activation.activateMs.toFixed(1)} ms`);
  // Any extension may call activate() and read what it returns: outside tests that is nothing, so no
  // other extension reaches the keys, the clients or the dialogs. Tests run in ExtensionMode.Test.
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    clients,
    secretKeys: apiKeys,
    activation,
    completions,
    // Getters, so that a test reaching a feature loads it as a user would.
    get chat() {
      return chat();
    },
    get readAloud() {
      return speech().readAloud;
    },
    get answerReading() {
      return answerSpeech().answers;
    },
    spend,
    get spendView() {
      return spendView().panel;
    },
    edit,
    ui,
  };
}

/** Resolves when everything activate() built is disposed: open sockets closed, answers and readings stopped. */
export function deactivate(): Promise<void> | undefined {
  const store = built;
  built = undefined;
  return store?.dispose();
}

/** Adds what a feature built to the store, to be disposed with everything else; returns the feature. */
function addAll<T extends { disposables: vscode.Disposable[] }>(store: DisposableStore, feature: T): T {
  for (const disposable of feature.disposables) store.add(disposable);
  return feature;
}

/** The two parts of activation VS Code's Running Extensions view reports: loading our code, and activate(). */
function activationTimes(activateStart: number): { loadMs: number; activateMs: number; firstLookMs?: number } {
  // Set by the esbuild banner and footer around the bundle's top-level code.
  const { __tandemLoadStart: start = 0, __tandemLoadEnd: end = 0 } = globalThis as { __tandemLoadStart?: number; __tandemLoadEnd?: number };
  return { loadMs: end - start, activateMs: performance.now() - activateStart };
}
