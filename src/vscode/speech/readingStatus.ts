import * as vscode from 'vscode';
import { formatClock } from '../../core/speech/timeFormat';
import type { ReadAloudProgress } from '../../core/speech/readAloudSession';

/** The status bar item while Tandem reads aloud: progress, and Stop on click. Also sets `tandem.reading` for keybindings and menus. */
export class ReadingStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tandem.reading', vscode.StatusBarAlignment.Right, 99);
  private title = '';
  /** Paused in the view: the item says so, and still stops on click. */
  paused = false;

  constructor() {
    this.item.name = vscode.l10n.t('Tandem Read Aloud');
    this.item.command = 'tandem.stopReading';
  }

  loading(title: string): void {
    this.title = title;
    this.paused = false;
    this.item.text = vscode.l10n.t('$(loading~spin) Reading…');
    this.item.tooltip = vscode.l10n.t('Tandem is starting to read {0} aloud. Click to stop.', title);
    this.item.show();
    void vscode.commands.executeCommand('setContext', 'tandem.reading', true);
  }

  playing(p: ReadAloudProgress): void {
    const total = p.estimatedTotalSeconds > 0 ? ` / ${p.part < p.parts ? '~' : ''}${formatClock(p.estimatedTotalSeconds)}` : '';
    this.item.text = this.paused
      ? vscode.l10n.t('$(debug-stop) Paused {0}{1}', formatClock(p.playedSeconds), total)
      : vscode.l10n.t('$(debug-stop) Reading {0}{1}', formatClock(p.playedSeconds), total);
    this.item.tooltip = this.paused
      ? vscode.l10n.t('Tandem paused reading {0} aloud (part {1} of {2}). Click to stop.', this.title, p.part, p.parts)
      : vscode.l10n.t('Tandem is reading {0} aloud (part {1} of {2}). Click to stop.', this.title, p.part, p.parts);
  }

  hide(): void {
    this.item.hide();
    void vscode.commands.executeCommand('setContext', 'tandem.reading', false);
  }

  dispose(): void {
    this.hide();
    this.item.dispose();
  }
}
