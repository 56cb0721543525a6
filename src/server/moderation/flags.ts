// The rules that flag a listing for review without anyone reporting it: a text that asks for
// money or offers shipping (how the "puppies in adoption, pay the transport by Nequi" scam reads
// in Colombia), and photos another account already published. A flag is only a report for the
// admins; nothing is hidden by it.

export type TextFlagReason = 'asks_money' | 'shipping';

export interface TextFlag {
  reason: TextFlagReason;
  /** The words of the text that triggered it, as written. */
  matches: string[];
}

/** A word family that asks for money, and one that offers shipping (accents optional). */
const MONEY_WORDS = [
  'precio',
  'precios',
  'venta',
  'ventas',
  'vendo',
  'vende',
  'vendemos',
  'vender',
  'nequi',
  'daviplata',
  'consignacion',
  'consignaciones',
  'consignar',
  'consigna',
  'consignan',
  'transferencia',
  'anticipo',
  'abono',
];
const SHIPPING_WORDS = ['envio', 'envios', 'transporte', 'transportes', 'flete', 'fletes'];
/** A word among these shortly before a match says the opposite: "no es venta", "sin envíos". */
const NEGATIONS = new Set(['no', 'sin', 'nunca', 'ni', 'jamas', 'cero']);
/** How many words before a match a negation may stand. */
const NEGATION_REACH = 3;

/**
 * Amounts in pesos: "$150.000", "$ 80000", "150.000 pesos", "80 mil pesos", "150 mil", "120k",
 * "COP 100.000". A bare number ("3 años", "12 kg", "2 vacunas") is not an amount.
 */
const AMOUNT_PATTERNS: RegExp[] = [
  /\$\s?\d[\d.,\s]*/gu,
  /\bcop\s?\$?\s?\d[\d.,]*/giu,
  /\b\d[\d.,]*\s?(?:pesos|cop|mil|k|lucas|barras)\b/giu,
];

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The flags `text` raises (empty when it asks for nothing). */
export function textFlags(text: string): TextFlag[] {
  const words = [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    raw: m[0],
    folded: fold(m[0]),
  }));
  const found: Record<TextFlagReason, string[]> = { asks_money: [], shipping: [] };
  const negated = (index: number) =>
    words.slice(Math.max(0, index - NEGATION_REACH), index).some((w) => NEGATIONS.has(w.folded));
  words.forEach((word, index) => {
    const reason: TextFlagReason | undefined = MONEY_WORDS.includes(word.folded)
      ? 'asks_money'
      : SHIPPING_WORDS.includes(word.folded)
        ? 'shipping'
        : undefined;
    if (reason && !negated(index)) found[reason].push(word.raw);
  });
  for (const pattern of AMOUNT_PATTERNS)
    for (const match of text.matchAll(pattern)) {
      const amount = match[0].trim().replace(/[.,\s]+$/, '');
      // "$" alone, or a lone digit after it, is not an amount worth flagging.
      if (/\d{2,}|\d\s?(?:mil|k)\b/iu.test(amount) && !found.asks_money.includes(amount))
        found.asks_money.push(amount);
    }
  return (Object.keys(found) as TextFlagReason[])
    .filter((reason) => found[reason].length > 0)
    .map((reason) => ({ reason, matches: [...new Set(found[reason])] }));
}

/** How a text flag explains itself to the admins. */
export function textFlagDetails(flag: TextFlag): string {
  const what = flag.reason === 'asks_money' ? 'pedir dinero' : 'ofrecer envío o transporte';
  const quoted = flag.matches.map((m) => `«${m}»`).join(', ');
  return `Detección automática: el texto parece ${what} (${quoted}).`.slice(0, 1000);
}

/** Bits two perceptual hashes may differ by and still be the same photo. */
export const PHASH_MAX_DISTANCE = 3;
