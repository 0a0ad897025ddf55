import * as vscode from 'vscode';
import { formatClock } from '../../core/speech/clock';
import type { ReadAloudProgress } from '../../core/speech/readAloudSession';

/** The status bar item while Tandem reads aloud: progress, and Stop on click. Also sets `tandem.reading` for keybindings and menus. */
export class ReadingStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('tandem.reading', vscode.StatusBarAlignment.Right, 99);
  private title = '';
  /** Paused in the view: the item says so, and still stops on click. */
  paused = false;

  constructor() {
    this.item.name = 'Tandem Read Aloud';
    this.item.command = 'tandem.stopReading';
  }

  loading(title: string): void {
    this.title = title;
    this.paused = false;
    this.item.text = '$(loading~spin) Reading…';
    this.item.tooltip = `Tandem is starting to read ${title} aloud. Click to stop.`;
    this.item.show();
    void vscode.commands.executeCommand('setContext', 'tandem.reading', true);
  }

  playing(p: ReadAloudProgress): void {
    const total = p.estimatedTotalSeconds > 0 ? ` / ${p.part < p.parts ? '~' : ''}${formatClock(p.estimatedTotalSeconds)}` : '';
    this.item.text = `$(debug-stop) ${this.paused ? 'Paused' : 'Reading'} ${formatClock(p.playedSeconds)}${total}`;
    this.item.tooltip = `Tandem ${this.paused ? 'paused reading' : 'is reading'} ${this.title} aloud (part ${p.part} of ${p.parts}). Click to stop.`;
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
