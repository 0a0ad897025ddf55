/* global window, document, requestAnimationFrame, MutationObserver */
// Browser-side half of bench/chat.ts. Playwright serialises these functions into the chat page
// (page.evaluate bypasses the page's CSP, which would refuse an injected <script>).

/** Records frames (requestAnimationFrame gaps), long animation frames and long tasks. */
export function installFrameProbe() {
  const probe = { gaps: [], loafs: [], loafWork: [], loafDetail: [], longTasks: [], running: true };
  const since = performance.now();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      // Entries arrive late: skip frames that started before this probe (an earlier measurement's).
      if (e.startTime < since || !probe.running) continue;
      probe.loafs.push(e.duration);
      // The page's own work in the frame (scripts, style and layout); the rest of a long frame is
      // time the renderer did not get (other processes, GC, compositor).
      const styleAndLayout = e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0;
      // Timers are the harness's delta source catching up after a stall, not the chat view.
      const work =
        e.scripts.filter((s) => s.invoker !== 'TimerHandler:setInterval').reduce((sum, s) => sum + s.duration, 0) + styleAndLayout;
      probe.loafWork.push(work);
      // Which callbacks made the frame long: the first thing to read when a frame goes over 50 ms.
      probe.loafDetail.push({
        at: Math.round(e.startTime),
        ms: Math.round(e.duration),
        workMs: Math.round(work),
        styleAndLayoutMs: Math.round(styleAndLayout),
        scripts: e.scripts.map((s) => `${s.invoker} ${Math.round(s.duration)} ms`),
      });
    }
  }).observe({ type: 'long-animation-frame' });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.startTime >= since && probe.running) probe.longTasks.push(e.duration);
  }).observe({ type: 'longtask' });
  let last;
  const tick = (t) => {
    if (last !== undefined) probe.gaps.push(t - last);
    last = t;
    if (probe.running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  window.__frameProbe = probe;
}

export function readFrameProbe() {
  const probe = window.__frameProbe;
  probe.running = false;
  return { gaps: probe.gaps, loafs: probe.loafs, loafWork: probe.loafWork, loafDetail: probe.loafDetail, longTasks: probe.longTasks };
}

/**
 * The in-page delta source: posts `deltas` as host `delta` messages (real message events) at a
 * fixed rate, then the final `turn`, and resolves once the answer is complete in the DOM.
 * Times are performance.now() in the page.
 */
export function streamDeltasInPage({ chatId, turnId, deltas, deltasPerSecond, finalTurn }) {
  return new Promise((resolve) => {
    const post = (message) => window.postMessage(message, '*');
    const times = { firstDeltaAt: 0, firstInDomAt: 0, firstVisibleAt: 0, lastDeltaAt: 0, doneAt: 0 };
    const list = document.querySelector('.messages');
    const seen = new MutationObserver(() => {
      if (times.firstInDomAt || !list.querySelector('article.assistant .md-block')) return;
      times.firstInDomAt = performance.now();
      // The frame that renders the token paints before the next animation frame starts.
      requestAnimationFrame(() => (times.firstVisibleAt = performance.now()));
      seen.disconnect();
    });
    seen.observe(list, { childList: true, subtree: true });
    let sent = 0;
    const start = performance.now();
    const timer = setInterval(() => {
      const due = Math.min(deltas.length, Math.floor(((performance.now() - start) / 1000) * deltasPerSecond) + 1);
      for (; sent < due; sent++) {
        if (sent === 0) times.firstDeltaAt = performance.now();
        post({ type: 'delta', chatId, turnId, content: deltas[sent] });
      }
      if (sent < deltas.length) return;
      clearInterval(timer);
      times.lastDeltaAt = performance.now();
      post({ type: 'turn', chatId, turn: finalTurn });
      const waitDone = () => {
        if (document.querySelector(`article.assistant[data-turn-id="${turnId}"].streaming`)) return requestAnimationFrame(waitDone);
        requestAnimationFrame(() => {
          times.doneAt = performance.now();
          resolve(times);
        });
      };
      requestAnimationFrame(waitDone);
    }, 10);
  });
}

/**
 * For the full stack: resolves with page times once the answer to the next message is complete.
 * `sentAt` is the Enter that sends it; the first visible token is the first reasoning or answer
 * text of the new assistant turn.
 */
export function watchAnswerInPage() {
  return new Promise((resolve) => {
    const times = { sentAt: 0, firstInDomAt: 0, firstVisibleAt: 0, doneAt: 0 };
    const before = document.querySelectorAll('article.assistant').length;
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter' && !event.shiftKey && !times.sentAt) times.sentAt = performance.now();
      },
      { capture: true },
    );
    const list = document.querySelector('.messages');
    const turn = () => document.querySelectorAll('article.assistant')[before];
    const seen = new MutationObserver(() => {
      const t = turn();
      if (!times.firstInDomAt && t && (t.querySelector('.md-block') || t.querySelector('.reasoning-text')?.textContent)) {
        times.firstInDomAt = performance.now();
        requestAnimationFrame(() => (times.firstVisibleAt = performance.now()));
      }
      if (times.firstInDomAt && t && !t.classList.contains('streaming') && !times.doneAt) {
        seen.disconnect();
        requestAnimationFrame(() => {
          times.doneAt = performance.now();
          resolve({ ...times, timeOrigin: performance.timeOrigin, renderedChars: t.querySelector('.markdown').textContent.length });
        });
      }
    });
    seen.observe(list, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  });
}

/**
 * Reopening a chat: posts a `state` message (as the host does when a chat is opened from history)
 * and resolves when its last answer is fully rendered (no `.markdown[data-rendering]` left).
 * `shownAt` is the frame after the answer's first block is in the DOM.
 */
export function reopenInPage({ message }) {
  return new Promise((resolve) => {
    const times = { postedAt: performance.now(), inDomAt: 0, shownAt: 0, doneAt: 0 };
    const list = document.querySelector('.messages');
    const seen = new MutationObserver(() => {
      if (times.inDomAt || !list.querySelector('article.assistant .md-block')) return;
      times.inDomAt = performance.now();
      requestAnimationFrame(() => (times.shownAt = performance.now()));
      seen.disconnect();
    });
    seen.observe(list, { childList: true, subtree: true });
    const waitDone = () => {
      if (!times.inDomAt || document.querySelector('article.assistant .markdown[data-rendering]')) return requestAnimationFrame(waitDone);
      requestAnimationFrame(() => {
        times.doneAt = performance.now();
        const answer = document.querySelector('article.assistant');
        resolve({
          ...times,
          renderedChars: answer.querySelector('.markdown').textContent.length,
          blocks: answer.querySelectorAll('.md-block').length,
          plainBlocks: answer.querySelectorAll('.md-plain').length,
          colouredSpans: answer.querySelectorAll('.code-block code [class^="hljs-"]').length,
        });
      });
    };
    // Posted from a frame, so the frame probe's clock is running when the work starts.
    requestAnimationFrame(() => {
      times.postedAt = performance.now();
      window.postMessage(message, '*');
      requestAnimationFrame(waitDone);
    });
  });
}
