// The chat's rendering of the one error mapping (errorFixes.ts): a fix action becomes a chat button.
import type { ErrorView, ServiceId } from '../../shared/protocol';
import { baseUrlSetting, settingId } from '../config/settingsCatalog';
import { errorFix, finishFix, MODEL_SETTINGS, type ErrorFix, type FixAction } from '../errors/errorFixes';
import { english, type Localise } from '../errors/phrase';

type ChatButton = NonNullable<ErrorView['action']>;

/** `partial`: some of the answer had arrived, so a failure is a cut stream whose text is kept. */
export function errorView(error: unknown, service: ServiceId, partial: boolean, localise: Localise = english): ErrorView {
  return viewOf(errorFix(error, { feature: 'chat', service, partial, localise }));
}

/** Finish reasons that end an answer early, explained; undefined for a normal end. */
export function finishNotice(finishReason: string | undefined, service: ServiceId, localise: Localise = english): ErrorView | undefined {
  const fix = finishFix(finishReason, service, localise);
  return fix && viewOf(fix);
}

/**
 * The typed action behind a chat button. The webview sends back only the button's name and service,
 * and the chat's buttons open one setting each: its base URL, or the chat model.
 */
export function chatButtonAction(button: ChatButton, service: ServiceId): FixAction {
  switch (button) {
    case 'setKey':
      return { kind: 'setKey', service };
    case 'openSettings':
      return { kind: 'openSettings', setting: settingId(baseUrlSetting(service)) };
    case 'pickModel':
      return { kind: 'pickModel', feature: 'chat', setting: MODEL_SETTINGS.chat };
    case 'retry':
      return { kind: 'retry' };
    case 'newChatWithSummary':
      return { kind: 'newChatWithSummary' };
  }
}

function viewOf(fix: ErrorFix): ErrorView {
  const view: ErrorView = { service: fix.service, code: fix.code, message: fix.message, hint: fix.hint };
  const button = fix.action && buttonOf(fix.action);
  if (button) view.action = button;
  return view;
}

/** The chat has no log or snooze button: those fixes show as their hint only. */
function buttonOf(action: FixAction): ChatButton | undefined {
  switch (action.kind) {
    case 'setKey':
    case 'openSettings':
    case 'pickModel':
    case 'retry':
    case 'newChatWithSummary':
      return action.kind;
    case 'snooze':
    case 'showLog':
      return undefined;
  }
}
