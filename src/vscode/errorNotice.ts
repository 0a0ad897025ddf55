import * as vscode from 'vscode';
import { isServiceError, type ServiceError } from '../core/serviceError';
import { baseUrlSetting, openSettings } from './settings';

const SET_KEY = 'Set API Key';
const OPEN_SETTINGS = 'Open Settings';
const SHOW_LOG = 'Show Log';

/** The one action that fixes an error, offered as a button next to it. */
function fixFor(error: ServiceError): string {
  switch (error.code) {
    case 'missing_key':
    case 'invalid_api_key':
    case 'origin_not_approved':
      return SET_KEY;
    case 'missing_base_url':
    case 'network_error':
    case 'timeout':
    case 'model_not_found':
      return OPEN_SETTINGS;
    default:
      return SHOW_LOG;
  }
}

/** A one-line user message: what went wrong and what to do; never a key (errors never carry one). */
export function describeError(error: unknown): string {
  if (isServiceError(error)) {
    return `Service ${error.service}: ${error.message}${error.hint ? ` — ${error.hint}` : ''}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Shows an error with the button that fixes it; `also` adds what else the user should know. */
export async function showServiceError(error: unknown, also?: string): Promise<void> {
  if (isServiceError(error) && error.code === 'aborted') return;
  const message = `Tandem: ${describeError(error)}${also ? ` ${also}` : ''}`;
  if (!isServiceError(error)) {
    vscode.window.showErrorMessage(message);
    return;
  }
  const fix = fixFor(error);
  const choice = await vscode.window.showErrorMessage(message, fix);
  if (choice === SET_KEY) await vscode.commands.executeCommand('tandem.setApiKey', error.service);
  else if (choice === OPEN_SETTINGS) await openSettings(`tandem.${baseUrlSetting(error.service)}`);
  else if (choice === SHOW_LOG) await vscode.commands.executeCommand('tandem.showLog');
}
