// The read-aloud bar at the top of the chat view: what is being read, how far it has got, Stop;
// and the glue between the host's speech messages and the Web Audio player. Its data-* attributes
// (state, scheduled and played seconds) are what the end-to-end test and the benchmark read.
import { assertNever, type SpeechHostMessage, type WebviewMessage } from '../../shared/protocol';
import { button, codicon, h, setButtonContent } from '../common/dom';
import { formatClock } from '../../core/speech/timeFormat';
import { SpeechPlayer } from './speechPlayer';
import { SPEECH_SPEED_MAX, SPEECH_SPEED_MIN, formatSpeechSpeed, stepSpeechSpeed } from '../../shared/speechSpeed';

const PROGRESS_MS = 250;

export class SpeechView {
  readonly element = h('section', { className: 'speech-bar', attrs: { 'aria-label': 'Read aloud', hidden: '' } });
  private readonly label = h('span', { className: 'speech-title' });
  private readonly clock = h('span', { className: 'speech-clock', attrs: { 'aria-hidden': 'true' } });
  private readonly notice = h('p', { className: 'speech-notice', attrs: { role: 'status', hidden: '' } });
  private readonly preview = h('p', { className: 'speech-preview', attrs: { hidden: '' } });
  private readonly playButton = button(
    'Play',
    'Play the audio (the browser blocked it until a click)',
    () => this.unblock(),
    'primary',
    'play',
  );
  // Media controls as VS Code draws them: icons, their names in the label and tooltip (the bar is narrow).
  private readonly pauseButton = button(
    '',
    'Pause reading aloud',
    () => this.setPaused(this.element.dataset.state !== 'paused'),
    'icon',
    'debug-pause',
  );
  // Speed: − and + change it at once here, and the host stores it in tandem.speech.speed.
  private readonly slowerButton = button('', 'Slower', () => this.changeSpeed(-1), 'speech-speed-step icon', 'remove');
  private readonly fasterButton = button('', 'Faster', () => this.changeSpeed(1), 'speech-speed-step icon', 'add');
  private readonly speedLabel = h('span', { className: 'speech-speed-value', attrs: { role: 'status' } });
  private speed = 1;
  private readonly player: SpeechPlayer;
  private id: string | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly post: (message: WebviewMessage) => void) {
    this.playButton.hidden = true;
    const stop = button(
      '',
      'Stop reading aloud',
      () => this.id && this.post({ type: 'speech/stopRequested', id: this.id }),
      'icon',
      'primitive-square',
    );
    this.element.append(
      h(
        'div',
        { className: 'speech-row' },
        h('span', { className: 'speech-icon' }, codicon('unmute')),
        this.label,
        this.clock,
        h(
          'span',
          { className: 'speech-speed', attrs: { role: 'group', 'aria-label': 'Reading speed' } },
          this.slowerButton,
          this.speedLabel,
          this.fasterButton,
        ),
        this.playButton,
        this.pauseButton,
        stop,
      ),
      this.notice,
      this.preview,
    );
    this.player = new SpeechPlayer({
      playing: (scheduledAt, startsInMs) => {
        if (!this.id) return;
        this.element.dataset.firstScheduledAt = String(scheduledAt);
        this.element.dataset.firstSoundAt = String(scheduledAt + startsInMs);
        // Paused or blocked before the first audio came: that state still holds.
        if (this.element.dataset.state === 'loading') this.setState('playing');
        this.post({ type: 'speech/playing', id: this.id, scheduledAt, startsInMs });
      },
      ended: (playedSeconds, scheduledSeconds) => this.ended(playedSeconds, scheduledSeconds),
      speedApplied: (audibleInMs) => {
        this.element.dataset.speedAudibleInMs = audibleInMs.toFixed(1);
      },
      blocked: () => {
        if (!this.id) return;
        this.setState('blocked');
        this.playButton.hidden = false;
        this.notice.hidden = false;
        this.notice.textContent = 'The browser blocked audio until you click. Press Play to listen.';
        this.post({
          type: 'speech/failed',
          id: this.id,
          reason: 'blocked',
          message: 'Audio is blocked until you click Play in the Tandem view.',
        });
      },
    });
    this.showSpeed();
  }

  handle(message: SpeechHostMessage): void {
    switch (message.type) {
      case 'speech/start':
        this.begin(message.id, message.sampleRate, message.title, message.speed);
        break;
      case 'speech/audio':
        if (message.id === this.id) this.safely(() => this.player.push(message.part, message.data));
        break;
      case 'speech/preview':
        if (message.id === this.id) {
          this.preview.hidden = false;
          this.preview.textContent = `Spoken text (polished by the service): ${message.text}`;
        }
        break;
      case 'speech/end':
        if (message.id === this.id) this.player.end();
        break;
      case 'speech/stop':
        if (message.id === this.id) this.player.stop();
        break;
      case 'speech/pause':
        if (message.id === this.id) this.setPaused(message.paused);
        break;
      case 'speech/speed':
        this.applySpeed(message.speed);
        break;
      default:
        assertNever(message);
    }
  }

  private begin(id: string, sampleRate: number, title: string, speed: number): void {
    if (this.id) this.player.stop();
    this.id = id;
    this.element.hidden = false;
    this.label.textContent = title;
    this.clock.textContent = formatClock(0);
    this.notice.hidden = true;
    this.preview.hidden = true;
    this.playButton.hidden = true;
    this.labelPause(false);
    this.setState('loading');
    this.element.dataset.scheduledSeconds = '0';
    this.element.dataset.playedSeconds = '0';
    delete this.element.dataset.firstScheduledAt;
    delete this.element.dataset.firstSoundAt;
    this.applySpeed(speed);
    delete this.element.dataset.speedAudibleInMs;
    this.safely(() => this.player.start(sampleRate, this.speed));
    clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), PROGRESS_MS);
  }

  private tick(): void {
    if (!this.id || !this.player.isActive) return;
    const played = this.player.playedSeconds;
    const scheduled = this.player.scheduledSeconds;
    this.clock.textContent = formatClock(played);
    this.element.dataset.scheduledSeconds = scheduled.toFixed(3);
    this.element.dataset.playedSeconds = played.toFixed(3);
    this.element.dataset.sources = String(this.player.pendingBuffers);
    this.element.dataset.gaps = String(this.player.gaps);
    this.element.dataset.audioClock = this.player.clock.toFixed(3);
    this.post({
      type: 'speech/progress',
      id: this.id,
      playedSeconds: played,
      scheduledSeconds: scheduled,
      paused: this.element.dataset.state === 'paused',
    });
  }

  private ended(playedSeconds: number, scheduledSeconds: number): void {
    clearInterval(this.timer);
    this.timer = undefined;
    const id = this.id;
    this.id = undefined;
    this.element.dataset.playedSeconds = playedSeconds.toFixed(3);
    this.element.dataset.scheduledSeconds = scheduledSeconds.toFixed(3);
    this.element.dataset.sources = String(this.player.pendingBuffers);
    this.element.dataset.audioClock = this.player.clock.toFixed(3);
    this.setState('ended');
    this.element.hidden = true;
    if (id) this.post({ type: 'speech/ended', id, playedSeconds });
  }

  /** − or +: heard at once, and the host keeps it as the user's setting. */
  private changeSpeed(direction: -1 | 1): void {
    const speed = stepSpeechSpeed(this.speed, direction);
    if (speed === this.speed) return;
    this.applySpeed(speed);
    this.post({ type: 'speech/speedChanged', speed });
  }

  private applySpeed(speed: number): void {
    this.speed = speed;
    this.player.setSpeed(speed);
    this.showSpeed();
  }

  /** The bounds show as disabled buttons. */
  private showSpeed(): void {
    this.speedLabel.textContent = formatSpeechSpeed(this.speed);
    this.element.dataset.speed = String(this.speed);
    this.slowerButton.disabled = this.speed <= SPEECH_SPEED_MIN;
    this.fasterButton.disabled = this.speed >= SPEECH_SPEED_MAX;
  }

  /** The Pause button and Tandem: Pause/Resume Reading (`speech/pause`) both come here. */
  private setPaused(paused: boolean): void {
    if (!this.id || (this.element.dataset.state === 'paused') === paused) return;
    if (paused) this.player.pause();
    else this.player.resume();
    this.setState(paused ? 'paused' : 'playing');
    this.labelPause(paused);
    // The host hears of it now, not at the next tick: follow along stops (or restarts) its timer at once.
    this.tick();
  }

  private labelPause(paused: boolean): void {
    const label = paused ? 'Resume reading aloud' : 'Pause reading aloud';
    setButtonContent(this.pauseButton, '', paused ? 'play' : 'debug-pause');
    this.pauseButton.setAttribute('aria-label', label);
    this.pauseButton.title = label;
  }

  private unblock(): void {
    this.player.resume();
    this.playButton.hidden = true;
    this.notice.hidden = true;
    this.setState('playing');
  }

  private setState(state: 'loading' | 'playing' | 'paused' | 'blocked' | 'ended'): void {
    this.element.dataset.state = state;
  }

  /** Web Audio can throw (no audio device, a rate it refuses): the host hears of it and stops the reading. */
  private safely(action: () => void): void {
    try {
      action();
    } catch (error) {
      // Failed goes first, so the host does not take the `ended` that stop() reports for a finish.
      if (this.id)
        this.post({ type: 'speech/failed', id: this.id, reason: 'error', message: error instanceof Error ? error.message : String(error) });
      this.player.stop();
    }
  }
}
