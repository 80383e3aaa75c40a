// Price-drop alerts (issue 12): per user, when the last digest went out and how far the price
// history has been looked at for them. The on/off setting is users.price_alerts.
export interface PriceAlertStateTable {
  user_id: number;
  /** When the last digest was sent (one a day at most); null before the first. */
  last_sent_at: number | null;
  /** Price changes up to this time have been considered for this user. */
  checked_to: number;
  /** Digests in a row that the recipient's mail server refused (0 once one is accepted). */
  failures: number;
  /** After a refusal: not tried again before this time (alert-delivery.ts). */
  retry_at: number | null;
  /** The mail server's answer to the last refused digest, for the operator. */
  last_error: string | null;
}

export interface AlertsTables {
  price_alert_state: PriceAlertStateTable;
}
