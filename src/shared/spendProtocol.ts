// Messages between the Spend view (src/webview/spend) and its host (src/vscode/spend/spendPanel.ts).
// Both sides check what they receive (validateSpendMessages.ts): the webview is a page like any other.

/** One feature's line in the report: its cost per day (aligned with `days`) and its cache hits. */
export interface SpendSeries {
  feature: string;
  label: string;
  /** CNY per day, one per entry of `days`. */
  cost: number[];
  /** Total CNY over the days shown. */
  total: number;
  /** Prompt tokens over the days shown, and the share of them the service read from its cache (null without prompt tokens). */
  promptTokens: number;
  hitShare: number | null;
}

export interface SpendChatLine {
  chatId: string;
  title: string;
  cost: number;
  requests: number;
}

/** Service B's balance against the ledger over the same period (balanceCheck.ts). */
export interface SpendBalance {
  /** Epoch ms of the first and the latest balance reading. */
  from: number;
  to: number;
  /** CNY the ledger priced for Service B between the two readings. */
  ledger: number;
  /** CNY the balance went down by between them. */
  change: number;
  /** change − ledger: what the ledger missed (positive) or over-counted (negative). */
  difference: number;
}

export interface SpendReport {
  /** Epoch ms when the panel was created: the view reports its first chart drawn against it. */
  createdAt: number;
  today: number;
  month: number;
  /** CNY; 0 = no limit. */
  dailyLimit: number;
  monthlyLimit: number;
  /** The local days shown, oldest first (`2026-11-25`). */
  days: string[];
  series: SpendSeries[];
  chats: SpendChatLine[];
  /** Requests in the days shown that have no price (Service A before tandem.spend.prices names the model). */
  unpriced: number;
  balance?: SpendBalance;
}

export type SpendHostMessage = { type: 'spend/report'; report: SpendReport };

export type SpendWebviewMessage =
  | { type: 'spend/ready' }
  | { type: 'spend/openChat'; chatId: string }
  | { type: 'spend/exportCsv' }
  /** The first chart drawn, `ms` after the panel was created. */
  | { type: 'spend/rendered'; ms: number };
