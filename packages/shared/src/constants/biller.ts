/** Kuickpay's answer codes (docs/api.md, the Kuickpay biller API), by what each means. */
export const BILLER_CODES = {
  success: '00',
  unknownConsumer: '01',
  blocked: '02',
  duplicate: '03',
  invalid: '04',
  failed: '05',
} as const;

export type BillerCodeName = keyof typeof BILLER_CODES;

/** The name of an answer code (`'01'` is `unknownConsumer`), or undefined for a code Kuickpay does not define. */
export function billerCodeName(code: string): BillerCodeName | undefined {
  return (Object.keys(BILLER_CODES) as BillerCodeName[]).find((name) => BILLER_CODES[name] === code);
}
