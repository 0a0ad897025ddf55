// The chat view looks native in a real VS Code (code-server) and a real Chromium, in the light, dark
// and high-contrast themes: an answer with a tool card and code, and the reading bar. Every icon is a
// codicon drawn by the codicon font (none falls back to a missing glyph, which shows as an empty box),
// and the main text meets WCAG AA contrast (4.5:1) against what is behind it. The screenshots of each
// theme are written to test-results/ (git-ignored) and their paths printed.
import * as assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { repoRoot } from '../../scripts/vscodePaths.mjs';
import { ask, chatFrame, idle, useWorkbench } from './workbench';

/** A theme's name in the Color Theme picker, and the class VS Code puts on a webview's body for it. */
const themes = [
  { name: 'Light Modern', kind: 'vscode-light' },
  { name: 'Dark Modern', kind: 'vscode-dark' },
  { name: 'Dark High Contrast', kind: 'vscode-high-contrast' },
] as const;

/** The text a user reads most, each against what is drawn behind it. */
const mainText = [
  '.turn.user .user-text',
  '.turn.assistant .markdown p',
  '.turn.assistant .code-block code',
  '.tool-card .tool-name',
  '.speech-bar .speech-title',
  '.composer-input',
  '.chat-title',
];

interface IconReport {
  icon: string;
  fontFamily: string;
  content: string;
  width: number;
  /** Pixels the glyph draws with the codicon font, and whether a font without it draws the same (a fallback box). */
  inked: number;
  sameAsFallback: boolean;
}

// The page-side code goes in as source text: tsx would wrap the test's own functions in helpers
// (`__name`) that do not exist in the page.

/** Runs in the webview: every codicon on screen, its font and glyph, and whether the font is loaded. */
const iconReportInPage = `(async () => {
  await document.fonts.load('16px codicon');
  await document.fonts.ready;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 32;
  const ctx = canvas.getContext('2d');
  const draw = (font, glyph) => {
    ctx.clearRect(0, 0, 32, 32);
    ctx.font = font;
    ctx.fillStyle = '#000';
    ctx.textBaseline = 'top';
    ctx.fillText(glyph, 4, 4);
    return Array.from(ctx.getImageData(0, 0, 32, 32).data).filter((_, i) => i % 4 === 3);
  };
  // The icons on screen (a hidden button's icon is not drawn).
  const shown = Array.from(document.querySelectorAll('.codicon')).filter((el) => el.getClientRects().length > 0);
  const icons = shown.map((el) => {
    const before = getComputedStyle(el, '::before');
    const glyph = before.content.replace(/^"|"$/g, '');
    const withFont = draw('16px codicon', glyph);
    const fallback = draw('16px monospace', glyph);
    return {
      icon: el.className,
      fontFamily: before.fontFamily,
      content: before.content,
      width: el.getBoundingClientRect().width,
      inked: withFont.filter((a) => a > 0).length,
      sameAsFallback: withFont.every((a, i) => a === fallback[i]),
    };
  });
  return { fontLoaded: document.fonts.check('16px codicon'), icons };
})()`;

/** Runs in the webview: the contrast of each selector's text against the colours behind it (alpha composited). */
const contrastsInPage = (selectors: string[]) => `(() => {
  const rgba = (css) => {
    const [r, g, b, a = 1] = (css.match(/[\\d.]+/g) || []).map(Number);
    return { r, g, b, a };
  };
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  const channel = (v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
  const luminance = ({ r, g, b }) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const show = (c) => 'rgb(' + [c.r, c.g, c.b].map(Math.round).join(', ') + ')';
  // A selector may match several elements (the code's coloured tokens): each is measured.
  return ${JSON.stringify(selectors)}.flatMap((selector) => {
    const found = Array.from(document.querySelectorAll(selector));
    return found.length ? found.map((el) => [selector, el]) : [[selector, undefined]];
  }).map(([selector, el]) => {
    if (!el) return { selector, ratio: 0, color: 'missing', background: 'missing' };
    // The backgrounds from the element up to the root, composited from the bottom.
    const layers = [];
    for (let at = el; at; at = at.parentElement) layers.push(rgba(getComputedStyle(at).backgroundColor));
    const background = layers.reduceRight((under, layer) => over(layer, under), { r: 255, g: 255, b: 255, a: 1 });
    const text = over(rgba(getComputedStyle(el).color), background);
    const [hi, lo] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return { selector, ratio: (hi + 0.05) / (lo + 0.05), color: show(text), background: show(background) };
  });
})()`;

const iconReport = (chat: Frame) => chat.evaluate(iconReportInPage) as Promise<{ fontLoaded: boolean; icons: IconReport[] }>;
const contrasts = (chat: Frame, selectors: string[]) =>
  chat.evaluate(contrastsInPage(selectors)) as Promise<Array<{ selector: string; ratio: number; color: string; background: string }>>;

/** Picks the theme as a user does (Preferences: Color Theme, Ctrl+K Ctrl+T). */
async function useTheme(page: Page, chat: Frame, theme: (typeof themes)[number]): Promise<void> {
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+T');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(theme.name);
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: theme.name }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await chat.locator(`body.${theme.kind}`).waitFor();
}

describe('the chat view looks native in light, dark and high-contrast themes', function () {
  this.timeout(300_000);
  let chat: Frame;

  const workbench = useWorkbench({
    async ready({ page }) {
      chat = await chatFrame(page);
    },
  });

  it('draws every icon with the codicon font and keeps the main text at AA contrast, with screenshots', async () => {
    const { page, sim } = workbench();
    sim.reset();
    // An answer that used a tool (its card), then one with code; then the reading bar, paused so it stays.
    await ask(chat, 'Please read the file "src/greet.ts" and summarise it.');
    await idle(chat);
    const answer = await ask(chat, 'How do I debounce a function in TypeScript?');
    await idle(chat);
    await answer.locator('.code-block code').first().waitFor();
    await answer.locator('button[aria-label="Read aloud"]').click();
    await chat.locator('.speech-bar[data-state="playing"]').waitFor({ timeout: 60_000 });
    await chat.locator('button[aria-label="Pause reading aloud"]').click();
    await chat.locator('.speech-bar[data-state="paused"]').waitFor();
    await chat.locator('.tool-card').first().waitFor();

    const dir = join(repoRoot, 'test-results');
    mkdirSync(dir, { recursive: true });
    // Away from the activity bar, whose hover would cover the chat.
    await page.mouse.move(900, 500);
    for (const theme of themes) {
      await useTheme(page, chat, theme);

      const { fontLoaded, icons } = await iconReport(chat);
      assert.ok(fontLoaded, `${theme.name}: the codicon font is loaded`);
      // The toolbar, the reading bar (speaker, pause, speed, stop), the tool card and the code block's actions.
      for (const needed of [
        'codicon-history',
        'codicon-unmute',
        'codicon-play',
        'codicon-add',
        'codicon-tools',
        'codicon-copy',
        'codicon-insert',
      ])
        assert.ok(
          icons.some((i) => i.icon.includes(needed)),
          `${theme.name}: a ${needed} icon is shown`,
        );
      for (const icon of icons) {
        assert.match(icon.fontFamily, /codicon/, `${theme.name}: ${icon.icon} is drawn with the codicon font`);
        assert.match(icon.content, /^"[\ue000-\uf8ff]"$/u, `${theme.name}: ${icon.icon} has a codicon glyph (${icon.content})`);
        assert.ok(icon.width > 0, `${theme.name}: ${icon.icon} takes room`);
        assert.ok(icon.inked > 0 && !icon.sameAsFallback, `${theme.name}: ${icon.icon} is the font's glyph, not a fallback box`);
      }

      // In high contrast, the code's coloured tokens too: a token coloured for another kind of theme can vanish there.
      const tokens = '.turn.assistant .code-block code [class^="hljs-"]';
      const measured = theme.kind === 'vscode-high-contrast' ? [...mainText, tokens] : mainText;
      for (const { selector, ratio, color, background } of await contrasts(chat, measured))
        assert.ok(ratio >= 4.5, `${theme.name}: ${selector} contrast ${ratio.toFixed(2)}:1 (${color} on ${background}) is under 4.5:1`);

      const slug = theme.name.toLowerCase().replace(/\s+/g, '-');
      const sidebar = page.locator('.part.sidebar');
      await chat.locator('.messages').evaluate((list) => ((list as unknown as { scrollTop: number }).scrollTop = 0));
      const top = join(dir, `chat-${slug}-tool-card.png`);
      await sidebar.screenshot({ path: top });
      await chat.locator('.messages').evaluate((list) => {
        const el = list as unknown as { scrollTop: number; scrollHeight: number };
        el.scrollTop = el.scrollHeight;
      });
      const bottom = join(dir, `chat-${slug}-answer.png`);
      await sidebar.screenshot({ path: bottom });
      console.log(`screenshot: ${top}\nscreenshot: ${bottom}`);
    }
  });
});
