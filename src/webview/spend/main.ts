// The Spend view (browser bundle): totals, the stacked chart of the last 30 days, the cache-hit
// share per feature and the most expensive chats. Every host message is checked before use.
import 'uplot/dist/uPlot.min.css';
import './spend.css';
import type uPlot from 'uplot';
import type { SpendReport, SpendWebviewMessage } from '../../shared/spendProtocol';
import { parseSpendHostMessage } from '../../shared/validateSpendMessages';
import { drawChart, featureColour } from './spendChart';

interface SpendApi {
  postMessage(message: SpendWebviewMessage): void;
}

/** When this script began: the bench splits the render time into VS Code loading the page, and the view drawing. */
const scriptStart = Date.now();
const api = acquireVsCodeApi() as unknown as SpendApi;
const root = document.getElementById('spend') ?? document.body.appendChild(document.createElement('main'));
let report: SpendReport | undefined;
/** The report drawn, as JSON, and the theme it was drawn in: the page is rebuilt only when one changes. */
let drawn = { report: '', theme: '' };
let chart: uPlot | undefined;
let reportedDrawn = false;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function cny(amount: number): string {
  return amount > 0 && amount < 0.01 ? `${amount.toFixed(4)} CNY` : `${amount.toFixed(2)} CNY`;
}

function clock(at: number): string {
  return new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

function ofLimit(spent: number, limit: number): string {
  return limit > 0 ? `${cny(spent)} of ${cny(limit)}` : cny(spent);
}

/** VS Code names the theme on the body; its colours come with it, and canvas does not follow CSS. */
function theme(): string {
  return `${document.body.dataset.vscodeThemeId ?? ''} ${document.body.className}`;
}

function render(r: SpendReport): void {
  const now = { report: JSON.stringify(r), theme: theme() };
  if (now.report === drawn.report && now.theme === drawn.theme) return;
  drawn = now;
  chart?.destroy();
  chart = undefined;
  root.replaceChildren();
  const header = el('header', 'spend-header');
  header.append(el('h1', undefined, 'Spend'));
  const exportButton = el('button', 'export', 'Export as CSV');
  exportButton.addEventListener('click', () => api.postMessage({ type: 'spend/exportCsv' }));
  header.append(exportButton);
  root.append(header);

  const totals = el('p', 'totals');
  totals.append(
    el('span', 'today', `Today: ${ofLimit(r.today, r.dailyLimit)}`),
    el('span', 'month', `This month: ${ofLimit(r.month, r.monthlyLimit)}`),
  );
  root.append(totals);
  if (r.balance) {
    const b = r.balance;
    root.append(
      el(
        'p',
        'balance',
        `Service B (${clock(b.from)}–${clock(b.to)}): Ledger: ${cny(b.ledger)}; balance change: ${cny(b.change)} over the same period; difference ${cny(b.difference)}`,
      ),
    );
  }
  if (r.unpriced > 0)
    root.append(el('p', 'note', `${r.unpriced} requests have no price (set tandem.spend.prices for Service A's models).`));

  root.append(el('h2', undefined, `Last ${r.days.length} days`));
  const chartBox = el('div', 'chart');
  root.append(chartBox);
  if (r.series.length === 0) chartBox.append(el('p', 'empty', 'Nothing spent in these days.'));
  else {
    chart = drawChart(chartBox, r, chartWidth(), () => {
      if (reportedDrawn || r.createdAt === 0) return;
      reportedDrawn = true;
      const ms = Math.max(0, Date.now() - r.createdAt);
      document.body.dataset.renderMs = String(ms);
      document.body.dataset.scriptMs = String(Math.max(0, scriptStart - r.createdAt));
      api.postMessage({ type: 'spend/rendered', ms });
    });
  }

  root.append(el('h2', undefined, 'Cache hits'));
  const table = el('table', 'hits');
  const head = el('tr');
  head.append(el('th', undefined, 'Feature'), el('th', 'num', 'Cost'), el('th', 'num', 'Prompt tokens'), el('th', 'num', 'Cache hits'));
  table.append(head);
  for (const s of r.series) {
    const row = el('tr');
    const name = el('td');
    const swatch = el('span', 'swatch');
    swatch.style.background = featureColour(s.feature);
    name.append(swatch, document.createTextNode(s.label));
    row.append(
      name,
      el('td', 'num', cny(s.total)),
      el('td', 'num', s.promptTokens.toLocaleString()),
      el('td', 'num', s.hitShare === null ? '–' : `${(s.hitShare * 100).toFixed(1)}%`),
    );
    table.append(row);
  }
  root.append(table);

  root.append(el('h2', undefined, 'Most expensive chats'));
  if (r.chats.length === 0) root.append(el('p', 'empty', 'No chat has cost anything yet.'));
  const list = el('ol', 'chats');
  for (const c of r.chats) {
    const item = el('li');
    const link = el('a', 'chat-link', c.title);
    link.href = '#';
    link.dataset.chatId = c.chatId;
    link.addEventListener('click', (event) => {
      event.preventDefault();
      api.postMessage({ type: 'spend/openChat', chatId: c.chatId });
    });
    item.append(link, el('span', 'chat-cost', ` ${cny(c.cost)} · ${c.requests} ${c.requests === 1 ? 'request' : 'requests'}`));
    list.append(item);
  }
  root.append(list);
}

function chartWidth(): number {
  return Math.max(320, root.clientWidth - 8);
}

window.addEventListener('message', (event: MessageEvent) => {
  const message = parseSpendHostMessage(event.data);
  if (!message) {
    console.warn('Tandem: dropped a message that does not match the Spend protocol');
    return;
  }
  report = message.report;
  render(report);
});

// Draw again in a new theme (VS Code re-applies the same one now and then: render() skips that).
new MutationObserver(() => report && render(report)).observe(document.body, {
  attributes: true,
  attributeFilter: ['class', 'data-vscode-theme-id'],
});
new ResizeObserver(() => chart?.setSize({ width: chartWidth(), height: 260 })).observe(root);

api.postMessage({ type: 'spend/ready' });
