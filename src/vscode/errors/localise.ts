import * as vscode from 'vscode';
import type { Localise } from '../../core/errors/phrase';

/**
 * Core's phrases in the user's language. The template is not a literal here: l10n-export collects each
 * `phrase('…')` template from src/core, so the bundle holds them all the same.
 */
export const localise: Localise = (phrase) => vscode.l10n.t(phrase.template, ...phrase.args);
