import { NoticeThrottle } from '../../core/completion/noticeThrottle';
import { errorFix, fixText, type NoticeKind } from '../../core/errors/errorFixes';
import { isServiceError } from '../../core/errors/serviceError';
import { noticeButton, runFix, warningUi, type NoticeUi } from '../errors/errorNotice';
import { localise } from '../errors/localise';

/** Completion failures as notifications: at most one per kind per 10 minutes, each with its fix. */
export class CompletionNotices {
  private readonly throttle: NoticeThrottle;

  constructor(
    private readonly ui: NoticeUi = warningUi,
    now: () => number = Date.now,
  ) {
    this.throttle = new NoticeThrottle(now);
  }

  /** Returns the notice kind when one was shown (tests and logs use it). */
  report(error: unknown): NoticeKind | undefined {
    if (!isServiceError(error)) return undefined;
    const fix = errorFix(error, { feature: 'completion', service: error.service, localise });
    const kind = fix.notice;
    if (!kind || !this.throttle.shouldShow(kind)) return undefined;
    const action = fix.action;
    const label = action && noticeButton(action);
    void Promise.resolve(this.ui.show(`Tandem completions: ${fixText(fix, localise)}`, ...(label ? [label] : []))).then((choice) => {
      if (action && choice === label) return runFix(action, this.ui.run);
    });
    return kind;
  }
}
