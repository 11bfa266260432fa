// The settings the Kannel driver reads (KANNEL_*, SMS_SENDER); checked at start with the rest of the
// configuration (server/drivers/sms/sms-config.ts).
export interface KannelConfig {
  /** smsbox's sendsms address: http://127.0.0.1:13013/cgi-bin/sendsms. */
  sendsmsUrl: string;
  /** A sendsms-user of kannel.conf. */
  username: string;
  password: string;
  /** The sender id people see: up to 11 letters and digits, or a number. */
  sender: string;
  /** An smsc-id to route every text to; undefined: Kannel's own routing. */
  smsc: string | undefined;
  /**
   * This server's address as Kannel reaches it, for delivery reports (http://10.0.0.5:3000); undefined:
   * PUBLIC_URL, else the address the server listens on.
   */
  reportUrl: string | undefined;
}
