// Runtime checks of the Spend view's messages, both ways (spendProtocol.ts): anything that is not
// exactly one of the shapes is dropped.
import type { SpendBalance, SpendChatLine, SpendHostMessage, SpendReport, SpendSeries, SpendWebviewMessage } from './spendProtocol';
import { arrayOf, boundedString, isCount, oneOf, optional, parseMessage, shape, type Check, type MessageChecks } from './messageShapes';

const MAX_ID = 200;
const isId: Check<string> = (v): v is string => boundedString(MAX_ID)(v) && v.length > 0;
const isFinite: Check<number> = (v): v is number => typeof v === 'number' && Number.isFinite(v);
const isDay: Check<string> = (v): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isShare: Check<number | null> = (v): v is number | null => v === null || (isCount(v) && v <= 1);

const isSeries = shape<SpendSeries>({
  feature: boundedString(50),
  label: boundedString(100),
  cost: arrayOf(isCount),
  total: isCount,
  promptTokens: isCount,
  hitShare: isShare,
});
const isChatLine = shape<SpendChatLine>({ chatId: isId, title: boundedString(500), cost: isCount, requests: isCount });
const isBalance = shape<SpendBalance>({ from: isCount, to: isCount, ledger: isCount, change: isFinite, difference: isFinite });

const isReport: Check<SpendReport> = (v): v is SpendReport =>
  shape<SpendReport>({
    createdAt: isCount,
    today: isCount,
    month: isCount,
    dailyLimit: isCount,
    monthlyLimit: isCount,
    days: (d): d is string[] => Array.isArray(d) && d.length <= 400 && d.every(isDay),
    series: (s): s is SpendSeries[] => Array.isArray(s) && s.length <= 20 && s.every(isSeries),
    chats: (c): c is SpendChatLine[] => Array.isArray(c) && c.length <= 50 && c.every(isChatLine),
    unpriced: isCount,
    balance: optional(isBalance),
  })(v) && (v as SpendReport).series.every((s) => s.cost.length === (v as SpendReport).days.length);

type HostOf<K extends SpendHostMessage['type']> = Extract<SpendHostMessage, { type: K }>;
type ViewOf<K extends SpendWebviewMessage['type']> = Extract<SpendWebviewMessage, { type: K }>;

const spendHostChecks: MessageChecks<SpendHostMessage> = {
  'spend/report': shape<HostOf<'spend/report'>>({ type: oneOf('spend/report'), report: isReport }),
};

const spendWebviewChecks: MessageChecks<SpendWebviewMessage> = {
  'spend/ready': shape<ViewOf<'spend/ready'>>({ type: oneOf('spend/ready') }),
  'spend/openChat': shape<ViewOf<'spend/openChat'>>({ type: oneOf('spend/openChat'), chatId: isId }),
  'spend/exportCsv': shape<ViewOf<'spend/exportCsv'>>({ type: oneOf('spend/exportCsv') }),
  'spend/rendered': shape<ViewOf<'spend/rendered'>>({ type: oneOf('spend/rendered'), ms: isCount }),
};

export function parseSpendHostMessage(raw: unknown): SpendHostMessage | undefined {
  return parseMessage(spendHostChecks, raw);
}

export function parseSpendWebviewMessage(raw: unknown): SpendWebviewMessage | undefined {
  return parseMessage(spendWebviewChecks, raw);
}
