// What a question asks for, read from its wording, and whether a sentence can give it. A sentence that
// shares the question's words but holds no price cannot answer "how much is it?"; one that holds no time
// cannot answer "when do you open?". Precision comes first: a wrong answer is worse than "I don't know",
// so the engine quotes a sentence only when it holds what is asked for (see excerpt.ts).
import { ENGLISH, isStopword, languageOf } from '../../lib/text/language.js';
import { stem, wordsOf } from '../../lib/text/words.js';
import { significantTerms } from './relevance.js';

/** What a question asks for, when its wording says so. */
export type Wanted =
  | 'price'
  | 'rate'
  | 'duration'
  | 'time'
  | 'clock'
  | 'moment'
  | 'quantity'
  | 'weight'
  | 'size'
  | 'length'
  | 'temperature'
  | 'power'
  | 'contact'
  | 'phone'
  | 'email'
  | 'name'
  | 'end';

const PRICE_ASKED =
  /\bhow\s+much\s+(?:is|are|was|were|do|does|did|will|would|should|for|to|it|money|extra|more)\b|\bhow\s+much\s*(?:\?|$)|\bhow\s+much's\b|\b(?:price|prices|priced|pricing|cost|costs|costing|fee|fees|charge|charges|rate|rates|tariff|tariffs|fare|fares)\b|\bwhat\s+do(?:es)?\s+(?:it|\S+)\s+cost\b|\b(?:pay|paying)\s+(?:for|extra)\b/iu;
/** What is priced in percent as often as in money: "how much is the discount?" → "20 %". */
const RATE_NAMED =
  /\b(?:discounts?|reductions?|rebates?|rates?|tax|taxes|vat|surcharges?|commissions?|interest|percent|percentage|markup|deductible|excess)\b/iu;
const DURATION_ASKED =
  /\bhow\s+long\b(?!\s+is\s+(?:the|a|an)\s+\S+\s*\??$)|\bhow\s+many\s+(?:days|hours|minutes|weeks|months|years|nights)\b|\bhow\s+(?:quickly|fast|soon)\b|\bhow\s+far\s+in\s+advance\b/iu;
// A bare "when" may ask for a condition ("when do I stop frothing?" → "at 65 degrees"): not a time.
const TIME_ASKED =
  /\b(?:support|office|business|opening|service|visiting|phone|desk|counter|reception)\s+hours\b|\byour\s+hours\b|\bwhen\s+(?:do|does|are|is|will)\s+(?:you|we|it|they|the\s+[\p{L}-]+)\s+(?:open|close|opened|closed|start|end|leave|depart|arrive)\b|\bwhat\s+time\b|\b(?:which|what)\s+(?:days?|hours|times|dates?|months?)\b|\bopening\s+(?:hours|times)\b|\b(?:open|opened|close|closed)\s+(?:on|at)\b|\bhow\s+(?:early|late)\b|\bdeadline\b/iu;
/**
 * "When does the concert finish?", "what time is the tour over?": when something ends, which a start time
 * alone ("at 10:00") does not tell. Not "come back" or "return" (when someone may return), nor "over"
 * before more words ("open over Easter", "the over-60s swim").
 */
const END_ASKED =
  /\b(?:what\s+time|when)\b[^.?!]{0,80}?\b(?:finish|finishes|end|ends)\b|\b(?:is|be|are)\b[^.?!]{0,40}?\bover\s*(?:[?.!]|$)/iu;
/** "What time …", "at what time …": a time of day, which a day or "in the evening" does not give. */
const CLOCK_ASKED = /\bwhat\s+time\b/iu;
const QUANTITY_ASKED =
  /\bhow\s+(?:many|much)\b|\bhow\s+(?:heavy|big|large|small|wide|tall|high|deep|old|hot|cold|warm|full|far|often|strong|loud|low)\b|\bmaximum\b|\bminimum\b/iu;
/** "How heavy", "how big", "how wide", "how hot", "how much power": a measure, stated with its unit. */
const MEASURES: ReadonlyArray<readonly [Wanted, RegExp]> = [
  ['weight', /\bhow\s+heavy\b|\bweigh(?:s|t)?\b/iu],
  ['size', /\bhow\s+(?:big|large|small)\b|\bdimensions?\b|\bmeasurements?\b|\b(?:capacity|volume)\b/iu],
  ['length', /\bhow\s+(?:wide|tall|high|deep)\b|\b(?:height|width|depth)\b/iu],
  ['temperature', /\bhow\s+(?:hot|cold|warm)\b|\btemperatures?\b/iu],
  [
    'power',
    /\bhow\s+much\s+(?:power|electricity|energy)\b|\bhow\s+many\s+(?:watts|kilowatts)\b|\bwattage\b|\bpower\s+(?:consumption|rating|draw)\b/iu,
  ],
];
/** A phone number or an email address of the business, not the visitor's own ("change my email address"). */
const PHONE_ASKED =
  /\b(?:phone|telephone|hotline|mobile)\s*(?:number|no\.?|#)?\b|\bnumber\s+to\s+call\b|\bcall\s+(?:you|them|us)\b/iu;
const EMAIL_ASKED =
  /\be-?mail\s+address\b|\b(?:your|support|service|contact|team|customer|office|booking)\s+e-?mail\b|^\W*e-?mail\W*$/iu;
/** "What's the name of …", "what is it called": a name, which the answer writes with a capital letter. */
const NAME_ASKED =
  /\bname\s+of\b|\bwhat(?:'s|’s|\s+is|\s+are|\s+was)\s+(?:the\s+|their\s+|your\s+|its\s+|his\s+|her\s+)?names?\b|\bcalled\s*\??\s*$/iu;
const OWN = /\b(?:my|mine|i|i'm|i've)\b/iu;
const CONTACT_ASKED =
  /\b(?:phone|telephone|email|e-mail|mail\s+address|contact|call\s+(?:you|them)|reach\s+(?:you|someone|somebody|a\s+person)|whatsapp|hotline)\b/iu;

/**
 * What the question asks for, by its wording: a price or amount, a duration, a day or time, a moment (a
 * bare "when": a time, or what happens around it), a quantity or size, a way to contact (a phone number or an
 * email address of the business, when it names one). Empty when it asks for something else (a reason, the steps to do something, a
 * yes or no) or its wording does not say.
 */
export function wantedBy(question: string): Wanted[] {
  const wanted: Wanted[] = [];
  // "How much does it cost?" asks for an amount of money; "weekly prices are 20 % lower" does not give one.
  if (PRICE_ASKED.test(question)) wanted.push(RATE_NAMED.test(question) ? 'rate' : 'price');
  if (DURATION_ASKED.test(question)) wanted.push('duration');
  else if (CLOCK_ASKED.test(question)) wanted.push('clock');
  else if (TIME_ASKED.test(question)) wanted.push('time');
  else if (/\bwhen\b/iu.test(question)) wanted.push('moment');
  if (
    QUANTITY_ASKED.test(question) &&
    !wanted.includes('duration') &&
    !wanted.includes('price') &&
    !wanted.includes('rate')
  )
    wanted.push('quantity');
  for (const [kind, pattern] of MEASURES) if (pattern.test(question)) wanted.push(kind);
  if (CONTACT_ASKED.test(question)) wanted.push('contact');
  if (NAME_ASKED.test(question)) wanted.push('name');
  if (END_ASKED.test(question)) wanted.push('end');
  if (!OWN.test(question)) {
    if (PHONE_ASKED.test(question)) wanted.push('phone');
    if (EMAIL_ASKED.test(question)) wanted.push('email');
  }
  return wanted;
}

const NUMBER =
  /\p{N}|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|half|third|quarter|first|second|last|a\s+dozen|once|twice|a\s+couple|daily|weekly|monthly|yearly|annually|hourly)\b/iu;
const MONEY =
  /[$€£¥₹]\s?\d|\d\s?(?:[$€£¥₹]|eur\b|euros?\b|usd\b|dollars?\b|gbp\b|pounds?\b|chf\b|francs?\b|cents?\b|ct\b|sek\b|nok\b|dkk\b|kr\b)|\b(?:free|no\s+(?:[\p{L}-]+\s+)?(?:charges?|fees?|costs?)|at\s+no\s+(?:extra\s+)?(?:cost|charge)|complimentary|costs?\s+nothing|without\s+(?:charge|cost|a\s+fee))\b|\b(?:price|cost|fee|fare|rate)\w*[^.;]{0,30}\d(?![\d.,]*\s?(?:%|percent\b))|\d[^.;]{0,20}\b(?:per|a|each)\s+(?:day|night|hour|month|year|person|week|item|kg|unit)\b|\d\s?%\s+of\s+(?:the\s+|your\s+|its\s+)?(?:[\p{L}-]+\s+)?(?:fare|price|cost|total|amount|value|fee|rent|rental|booking|order|invoice|deposit)\b/iu;
/** A share: a price only when the question names a discount or a rate ("50 % of the fare" is a price itself). */
const PERCENTAGE = /\d+(?:[.,]\d+)?\s?(?:%|percent\b)/iu;
const TIME_UNIT =
  /\b(?:seconds?|minutes?|mins?|hours?|hrs?|h|days?|nights?|weeks?|months?|years?|weekends?|overnight|same[-\s]day|next[-\s]day|immediately|instantly|right\s+away|at\s+once|business\s+days?|working\s+days?)\b/iu;
/** A clock time: "9:30", "13.30 Uhr", "6 pm", "18h", noon; not a price ("€13.90", "13.50 €"). */
const CLOCK_WRITTEN =
  /\b\d{1,2}(?:[:.]\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.|h\b|uhr\b)|(?<![€$£¥₹]\s?)\b\d{1,2}[:.][0-5]\d\b(?!\s?(?:€|eur\b|euros?\b|usd\b|\$|£))|\b(?:noon|midday|midnight)\b/iu;
/** A time of day, or a part of one: a clock time or "noon" (CLOCK_WRITTEN), "evenings", "tomorrow". */
const TIME_OF_DAY = new RegExp(
  `${CLOCK_WRITTEN.source}|\\b(?:mornings?|afternoons?|evenings?|nights?|tonight|today|tomorrow|yesterday)\\b`,
  'iu',
);
const DAY_OR_DATE =
  /\b(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?s?\b|\b(?:weekdays?|weekends?|daily|every\s+day|(?:each|every)\s+(?:week|month|year|morning|evening)|monthly|weekly|public\s+holidays?|holidays?|year[-\s]round|all\s+year)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)|\b(?:january|february|march|april|june|july|august|september|october|november|december|spring|summer|autumn|fall|winter|season)\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}(?:\/\d{2,4})?\b|\b\d{1,2}\.\d{1,2}\.(?:\d{2,4}\b)?|\b(?:before|after|until|till|by|within|from)\b[^.;]{0,30}(?:\p{N}|day|week|month|hour)/iu;
const CONTACT =
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+?\d[\d\s().-]{6,}\d|\bhttps?:\/\/\S+|\b(?:call|phone|ring|email|e-mail|write\s+to|contact|chat|whatsapp|visit\s+(?:us|our))\b/iu;

/** A number after the thing it names: "building 2", "bus 42", "gate B3", "version 4.2". */
const NAMING_NUMBER =
  /\b(?:building|bus|tram|line|route|room|gate|platform|terminal|door|entrance|exit|floor|level|hall|house|block|unit|stand|pitch|bay|track|version|no\.?|number|nr\.?)\s+[a-z]?\d+(?:[.,]\d+)*[a-z]?\b/giu;
const PHONE_NUMBER = /(?:\+|\b0)\d[\d\s()./-]{5,}\d\b|\b\d{3}[\s.-]\d{3,4}[\s.-]\d{3,4}\b/u;
const EMAIL_ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/u;

/** The end of something: a range of clock times, or a word saying when it ends. */
const ENDING = new RegExp(
  `(?:${CLOCK_WRITTEN.source}|\\b\\d{1,2})\\s*(?:-|–|—|to|until|till)\\s*\\d|\\b(?:until|till|through|ends?|ending|finish(?:es|ed)?|back\\s+(?:by|at|around)|returns?|returning|closes?)\\b|(?:\\bto|–|—|-)\\s*(?:\\d{1,2}\\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december)\\b`,
  'iu',
);

/** A number of units of time: "3 days", "two weeks", "24-hour", "5 working days". */
const COUNTED_TIME =
  /(?:\p{N}+|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty|thirty|a\s+few|a|an))(?:\s*[-–]\s*\p{N}+)?[\s-]*(?:(?:working|business|calendar|full)\s+)?(?:seconds?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|years?)\b/iu;

/** How often something happens: "once a week", "twice a month", "3 times per year". */
const FREQUENCY =
  /\b(?:once|twice|\p{N}+\s+times|(?:one|two|three|four|five|six|several|a\s+few)\s+times)\s+(?:a|per|each|every)\s+\p{L}+/giu;

/** A moment told by what happens around it: "after the light stops flashing", "once it is paid". */
const MOMENT =
  /\b(?:after|before|once|as\s+soon\s+as|until|till|when|while|during|within|immediately|as\s+long\s+as)\b/iu;

const PRICE_WORDS = [
  'price',
  'prices',
  'priced',
  'pricing',
  'cost',
  'costs',
  'costing',
  'pay',
  'charge',
  'charges',
  // "Cancellation fee?" asks for the amount; "fare" and "tariff" may name what is priced ("a cheaper fare").
  'fee',
  'fees',
  'much',
];
/** The words a question asks for a kind of answer with, which the answer itself need not repeat. */
const ASKING_WORDS: Partial<Record<Wanted, readonly string[]>> = {
  price: PRICE_WORDS,
  rate: PRICE_WORDS,
  time: ['time', 'times', 'hours'],
  clock: ['time', 'times', 'hours'],
  contact: ['contact', 'reach', 'number', 'address', 'details'],
  // A phone number or an email address is told by its form, not by the word: "write to praxis@example.org".
  phone: ['phone', 'telephone', 'hotline', 'number'],
  email: ['email', 'e-mail', 'mail', 'address'],
  name: ['name', 'names', 'called'],
  // An end is told by a range or "until" ("16:00 to 18:30"), not by the word.
  end: ['finish', 'finishes', 'end', 'ends'],
  // A measure is told by its unit ("how heavy is it?" → "9.2 kg", "how much power does it use?" → "1450
  // watts"); the nouns that label one ("Weight: 9.2 kg", "Dimensions: …") are matched all the same.
  weight: ['heavy', 'weigh', 'weighs'],
  size: ['big', 'large'],
  length: ['tall', 'wide', 'high', 'deep'],
  temperature: ['hot', 'cold', 'warm'],
  power: ['power', 'wattage'],
};

/** Asking words that say least of what is asked: a question made only of asking words keeps the others. */
export const GENERIC_ASKING_WORDS: ReadonlySet<string> = new Set([
  'number',
  'address',
  'details',
  'time',
  'times',
  'much',
]);

/** The words of a question that only say what kind of answer it wants (ASKING_WORDS), for what it wants. */
export function askingWords(wanted: readonly Wanted[]): Set<string> {
  return new Set(wanted.flatMap((kind) => ASKING_WORDS[kind] ?? []));
}

/** Whether a text holds what is asked for. */
export function holdsWanted(text: string, wanted: Wanted): boolean {
  switch (wanted) {
    case 'price':
      return MONEY.test(text);
    case 'rate':
      return MONEY.test(text) || PERCENTAGE.test(text);
    case 'duration': {
      // "Once a week" says how often, not how long.
      const withoutFrequency = text.replace(FREQUENCY, ' ');
      return (
        (NUMBER.test(withoutFrequency) && TIME_UNIT.test(withoutFrequency)) ||
        /\b(?:immediately|instantly|right\s+away|same[-\s]day|next[-\s]day|overnight)\b/iu.test(
          withoutFrequency,
        )
      );
    }
    case 'end':
      // "10:00–16:00", "until 17:00", "back by 6 pm", "it takes 3 hours": an end, or a length to reckon it.
      return ENDING.test(text) || COUNTED_TIME.test(text);
    case 'name':
      // A capitalised word after the first: "Dr. Anna Berger", "our groomer Lena", "name: Ridgeline 35".
      return /\s\p{Lu}\p{Ll}/u.test(text);
    case 'clock':
      // "9:30", "7.30", "6 pm", "18h", "13 Uhr", noon: not a day, nor "in the evening".
      return CLOCK_WRITTEN.test(text);
    case 'time':
      // "Within 3 days" tells when; a phone number beside the words "opening hours" does not.
      return TIME_OF_DAY.test(text) || DAY_OR_DATE.test(text) || COUNTED_TIME.test(text);
    case 'moment':
      // A time, or what happens around it ("once it is paid", "at 65 °C"); not any number ("stock: 0").
      return holdsWanted(text, 'time') || MOMENT.test(text) || /\d\s?(?:°|degrees?\b|%)/iu.test(text);
    case 'quantity':
      // "Behind building 2", "bus 42": a number that names a thing counts nothing.
      return NUMBER.test(text.replace(NAMING_NUMBER, ' '));
    case 'contact':
      return CONTACT.test(text);
    case 'weight':
      return /\d\s?(?:kg|g|grams?|kilos?|kilograms?|lbs?|pounds?|oz)\b|\bweigh(?:s|t|ing)?\b|weight/iu.test(
        text,
      );
    case 'size':
      return /\d\s?(?:l|litres?|liters?|ml|cl|cm|mm|m|m²|m2|m³|inch(?:es)?|in|ft|persons?|people|seats|gb|tb)\b|\b(?:size|capacity|dimensions?|volume)\b|\d\s?[x×]\s?\d/iu.test(
        text,
      );
    case 'length':
      return /\d\s?(?:cm|mm|m|km|inch(?:es)?|in|ft|feet|metres?|meters?)\b/iu.test(text);
    case 'temperature':
      return /\d\s?(?:°|degrees?|deg\b)|°\s?[cf]\b/iu.test(text);
    case 'power':
      return /\d\s?(?:w|watts?|kw|kilowatts?|kwh|wh)\b/iu.test(text);
    case 'phone':
      return PHONE_NUMBER.test(text);
    case 'email':
      return EMAIL_ADDRESS.test(text);
  }
}

/** Whether a text holds everything the question asks for (true when it asks for nothing in particular). */
export const holdsAllWanted = (text: string, wanted: readonly Wanted[]): boolean =>
  wanted.every((kind) => holdsWanted(text, kind));

/** "What's the wifi range of the Box 5?", "what is the warranty on tents?": the attribute asked of a thing. */
const ATTRIBUTE_ASKED =
  /^\s*(?:(?:and|so)\s+)?what(?:'s|’s|\s+is|\s+are|\s+was)\s+(?:the|your|its|their)\s+(?<attribute>[\p{L}-]+(?:\s+[\p{L}-]+){0,2}?)\s+(?:of|for|on)\s+\S/iu;

/**
 * The word naming the attribute an English question asks of a thing ("range" in "what's the wifi range of
 * the Box 5?"), or null when it asks otherwise: the last word before "of", "for" or "on".
 */
export function attributeAsked(question: string): string | null {
  if (languageOf(question).code !== ENGLISH.code) return null;
  const attribute = ATTRIBUTE_ASKED.exec(question)?.groups?.attribute;
  return attribute ? (wordsOf(attribute).at(-1) ?? null) : null;
}

/**
 * The words naming what an English question asks to count ("boxes" in "how many boxes do I need?"; "knives"
 * or "fit" in "how many knives fit …": one of them is the thing): the words after "how many" up to the first
 * stop word. Empty when it asks no "how many", or counts units of time (a duration is asked then: "how many
 * free meeting room hours").
 */
export function countedBy(question: string): string[] {
  if (languageOf(question).code !== ENGLISH.code) return [];
  const after = /\bhow\s+many\s+(.*)$/iu.exec(question)?.[1];
  if (!after) return [];
  const words = wordsOf(after);
  const end = words.findIndex((word) => isStopword(word));
  const phrase = words.slice(0, end === -1 ? words.length : end);
  return phrase.some((word) => TIME_UNIT.test(word)) ? [] : phrase;
}

/** "What is a bite splint?", "what's R-value?", "what is X used for?", "what does E4 mean?": the thing named. */
const DEFINITION_ASKED = [
  /^\s*(?:and\s+|so\s+)?what(?:'s|’s|\s+is|\s+are)\s+(?:an?\s+)?(?<thing>.+?)(?:\s+used\s+for|\s+for)?\s*\??\s*$/iu,
  /^\s*(?:and\s+|so\s+)?what\s+(?:does|do)\s+(?:the\s+)?(?<thing>.+?)\s+(?:mean|stand\s+for)\s*\??\s*$/iu,
  /^\s*(?:and\s+|so\s+)?what\s+is\s+meant\s+by\s+(?:an?\s+|the\s+)?(?<thing>.+?)\s*\??\s*$/iu,
];
/** A thing to define is named in a few words, none of them a stop word ("the deposit for an e-bike" asks for an amount, not a definition). */
const DEFINED_WORDS_MAX = 3;

/**
 * The words of the thing an English question asks to have defined or explained ("what is a gravel bike?" →
 * gravel, bike), or null when it asks for something else. "What is the deposit?" asks for an amount, and a
 * question that asks for a price, a time or another measure (wantedBy) is not read as a definition.
 */
export function definedBy(question: string): string[] | null {
  if (languageOf(question).code !== ENGLISH.code || wantedBy(question).length > 0) return null;
  for (const pattern of DEFINITION_ASKED) {
    const thing = pattern.exec(question)?.groups?.thing;
    if (!thing) continue;
    const words = wordsOf(thing);
    // A letter of a hyphenated name ("R-value", "e-bike") is part of the name, not a stop word.
    if (
      words.length === 0 ||
      words.length > DEFINED_WORDS_MAX + 1 ||
      words.some((word) => word.length > 1 && isStopword(word))
    )
      return null;
    return words;
  }
  return null;
}

/** The words after which a question's word is a verb: its subject, a modal, "to" ("can I rent", "to rent"). */
const BEFORE_A_VERB = new Set(
  "i you we they to can could will would should may might must please cannot can't don't won't".split(' '),
);

/** Whether the question uses a word as a verb ("can I rent a tent?": to hire, not a rent in cloth). */
export function usedAsVerb(question: string, word: string): boolean {
  const words = wordsOf(question);
  return words.some((each, i) => each === word && i > 0 && BEFORE_A_VERB.has(words[i - 1]!));
}

/** An English question answered by yes or no: it opens with a verb ("Is …", "Can I …", "Do you …"). */
export function isYesNoQuestion(question: string): boolean {
  return (
    languageOf(question).code === ENGLISH.code &&
    /^\s*(?:(?:and|so|but|also|hi|hello|hey|ok|okay)[\s,]+)?(?:is|are|was|were|am|can|could|do|does|did|will|would|shall|should|may|might|must|has|have|had|isn't|aren't|can't|don't|doesn't|won't)\b/iu.test(
      question,
    )
  );
}

/**
 * "Do you offer X", "is there X", "have you got X": a question whether something exists, and the words
 * naming it (up to a preposition: "catering" in "do you offer catering for events in the Ringstrasse
 * room?"). A part that does not name all of it speaks of something else.
 */
const EXISTENCE_ASKED = [
  /^\s*(?:(?:and|so|also|hi|hello|hey|ok|okay)[\s,]+)?(?:do|does)\s+(?:you|they|it)\s+(?:(?:also|still|even)\s+)?(?:have|offer|sell|provide|stock|carry|serve|organi[sz]e|run)\s+(?<thing>[^?.,!;]+)/iu,
  /^\s*(?:(?:and|so|also|hi|hello|hey|ok|okay)[\s,]+)?(?:is|are)\s+there\s+(?<thing>[^?.,!;]+)/iu,
  /^\s*(?:(?:and|so|also|hi|hello|hey|ok|okay)[\s,]+)?(?:have|has)\s+(?:you|they|it)\s+got\s+(?<thing>[^?.,!;]+)/iu,
];
const NAME_ENDS =
  /\s(?:for|in|on|at|with|to|from|during|near|after|before|by|of|if|when|while|that|which|who|where|available|included|allowed|here|there|today|tomorrow|now)\b.*$/iu;

/** Words that qualify what is asked for rather than name it ("a *cheaper* fare", "*other* sizes"). */
const QUALIFIERS = new Set(
  'cheaper cheapest better best bigger biggest larger smaller faster quicker longer shorter newer other another extra additional different good nice decent special separate'.split(
    ' ',
  ),
);

/** The meaningful words of what a question asks whether it exists, or [] when it asks something else. */
export function existenceAsked(question: string): string[] {
  if (languageOf(question).code !== ENGLISH.code) return [];
  for (const pattern of EXISTENCE_ASKED) {
    const thing = pattern.exec(question)?.groups?.thing;
    if (!thing) continue;
    return wordsOf(` ${thing}`.replace(NAME_ENDS, '')).filter(
      (word) => !isStopword(word) && !QUALIFIERS.has(word) && (word.length > 1 || /\d/.test(word)),
    );
  }
  return [];
}

/** Words that deny what follows, when not part of a set phrase ("not only", "no later than", "no questions asked"). */
const NEGATION = /\b(?:not(?!\s+only\b)|never|cannot|no\s+longer|unavailable|impossible)\b|n't\b/iu;
/** "No" denies the noun it stands before: "no fee", "no dogs", "no extra charge". */
const NO_BEFORE = /\bno\s+(?:extra\s+|additional\s+|further\s+)?(\p{L}+)/giu;

/** Words that say the opposite of one another: a text holding one of a pair denies the other. */
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['open', 'closed'],
  ['open', 'close'],
  ['available', 'unavailable'],
  ['allowed', 'forbidden'],
  ['allowed', 'prohibited'],
  ['included', 'excluded'],
  ['free', 'charged'],
  ['possible', 'impossible'],
  ['accepted', 'refused'],
  ['refundable', 'non-refundable'],
];

/** The words saying the opposite of a word ("closed" and "close" for "open"). */
export const oppositesOf = (word: string): string[] =>
  OPPOSITES.flatMap(([a, b]) => (a === word ? [b] : b === word ? [a] : []));

/**
 * Whether a text holds the opposite of one of the question's words ("closed" for "open"): then it says
 * both, for different cases, and no single yes or no reads it.
 */
export function holdsOpposite(text: string, question: string): boolean {
  const inText = new Set(wordsOf(text));
  const inQuestion = new Set(wordsOf(question));
  return OPPOSITES.some(
    ([a, b]) => (inQuestion.has(a) && inText.has(b)) || (inQuestion.has(b) && inText.has(a)),
  );
}

/**
 * Whether a text denies something the question asks about: a negation word, or "no" before one of the
 * question's words (`asked`: their stems). "No later than", "no questions asked" deny nothing asked.
 */
export function deniesAsked(text: string, asked: ReadonlySet<string>): boolean {
  const plain = text.replace(/’/g, "'");
  if (NEGATION.test(plain)) return true;
  for (const match of plain.matchAll(NO_BEFORE)) if (asked.has(stem(match[1]!.toLowerCase()))) return true;
  return false;
}

/** A clause that narrows when a statement holds: "if …", "in case of …", "unless …", "for …". */
const CONDITION =
  /\b(?:if|unless|provided(?:\s+that)?|as\s+long\s+as|in\s+case\s+of|in\s+the\s+event\s+of|only\s+(?:if|when|for)|except(?:\s+for)?|excluding|due\s+to|because\s+of|in\s+(?:bad|good|poor|severe|stormy)\s+weather)\b([^.;:!?]*)/giu;

/** The words of the phrases that open a condition ("in case of"), which say nothing of what it is. */
const CONNECTIVE_WORDS = new Set(['provided', 'case', 'event', 'except', 'excluding', 'due', 'long']);

/**
 * The meaningful words (stems) of the conditions a text states: "free if you cancel 24 hours ahead" → the
 * stems of "cancel", "24", "hours", "ahead". Empty when it states none.
 */
export function conditionStems(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(CONDITION)) {
    for (const word of wordsOf(match[0]))
      if (!isStopword(word) && !CONNECTIVE_WORDS.has(word) && word.length > 1) found.add(stem(word));
  }
  return found;
}

/** Columns of how long something lasts or how far it goes, read before a time of day for "longest". */
const LASTING = /length|distance|duration|minutes|_min\b|\bmin\b|hours|days|km\b|miles?\b/iu;

/** Superlatives a question may ask over the rows of a table or catalogue, and the column each reads. */
const SUPERLATIVES: ReadonlyArray<{
  pattern: RegExp;
  order: 'min' | 'max';
  columns: RegExp;
  preferred?: RegExp;
  reads?: 'time of day' | 'duration';
  measure: string;
  otherwise?: SuperlativeReading;
}> = [
  {
    pattern:
      /\b(?:cheapest|least\s+expensive|lowest[-\s]priced|lowest(?=[\s\p{L}-]{0,20}\b(?:price|cost|fee|fare|rate)s?\b)|most\s+affordable|costs?\s+the\s+least)\b/iu,
    order: 'min',
    columns: /price|cost|eur|usd|gbp|fee|fare|rate|€|\$|£/iu,
    measure: 'price',
  },
  {
    pattern:
      /\b(?:most\s+expensive|priciest|highest[-\s]priced|highest(?=[\s\p{L}-]{0,20}\b(?:price|cost|fee|fare|rate)s?\b)|dearest|costs?\s+the\s+most)\b/iu,
    order: 'max',
    columns: /price|cost|eur|usd|gbp|fee|fare|rate|€|\$|£/iu,
    measure: 'price',
  },
  {
    pattern: /\b(?:lightest|least\s+heavy)\b/iu,
    order: 'min',
    columns: /weight|weighs|\bkg\b|\bg\b|grams?|mass/iu,
    measure: 'weight',
  },
  {
    pattern: /\bheaviest\b/iu,
    order: 'max',
    columns: /weight|weighs|\bkg\b|\bg\b|grams?|mass/iu,
    measure: 'weight',
  },
  {
    pattern: /\b(?:longest|lengthiest)\b/iu,
    order: 'max',
    columns: /length|long|distance|duration|time|minutes|min\b|hours|days|km\b|miles?\b|cm\b|\bm\b/iu,
    preferred: LASTING,
    reads: 'duration',
    measure: 'duration length',
  },
  {
    pattern: /\bshortest\b/iu,
    order: 'min',
    columns: /length|long|distance|duration|time|minutes|min\b|hours|days|km\b|miles?\b|cm\b|\bm\b/iu,
    preferred: LASTING,
    reads: 'duration',
    measure: 'duration length',
  },
  {
    pattern: /\bearliest\b/iu,
    order: 'min',
    columns: /time|start|begin|from|opens?|depart|departure|leaves?|\d{1,2}[:.]\d{2}/iu,
    reads: 'time of day',
    measure: 'time',
  },
  {
    pattern: /\blatest\b/iu,
    order: 'max',
    columns: /time|start|begin|from|opens?|depart|departure|leaves?|\d{1,2}[:.]\d{2}/iu,
    reads: 'time of day',
    measure: 'time',
  },
  {
    pattern: /\btallest\b|\bhighest\b(?!\s+(?:quality|rated|rating|reviewed|standard|level|grade|speed))/iu,
    order: 'max',
    columns: /height|tall|high|\bm\b|\bcm\b|metres?|meters?|\bft\b/iu,
    measure: 'height',
  },
  {
    pattern: /\b(?:biggest|largest|roomiest|most\s+spacious)\b/iu,
    order: 'max',
    columns: /capacity|size|volume|litres?|liters?|\bl\b|seats|people|persons|area|m2|m²|diameter|cm\b/iu,
    measure: 'size capacity',
  },
  {
    pattern: /\bsmallest\b/iu,
    order: 'min',
    columns: /capacity|size|volume|litres?|liters?|\bl\b|seats|people|persons|area|m2|m²|diameter|cm\b/iu,
    measure: 'size capacity',
  },
  {
    // "The fastest plan": the highest speed ("Upload: 100 Mbit/s"); without one, the shortest time.
    pattern: /\b(?:fastest|quickest)\b/iu,
    order: 'max',
    columns: /speed|download|upload|[mgk]bit|mbps|gbps|km\/h|mph|knots/iu,
    measure: 'speed',
    otherwise: {
      order: 'min',
      columns: /duration|time|minutes|min\b|hours|days/iu,
      measure: 'duration time',
    },
  },
];

/** How a superlative reads the rows, when no row holds what it reads first. */
type SuperlativeReading = Pick<Superlative, 'order' | 'columns' | 'measure'>;

export interface Superlative {
  order: 'min' | 'max';
  /** Which column names the superlative reads ("price", "weight_g"…). */
  columns: RegExp;
  /** Among those, the columns read first ("duration" before "start time" for "the longest"). */
  preferred?: RegExp;
  /**
   * How a value is read: as a number (the default), as a time of day ("09:30"), or as a length of time in
   * any unit ("2 hours" is longer than "90 minutes"; a value without a unit of time is read as a number).
   */
  reads?: 'time of day' | 'duration';
  /** The words of the measure compared ("price", "weight"): they find the rows that hold one. */
  measure: string;
  /** How it reads the rows when none holds what it reads first ("fastest": a speed, else a time). */
  otherwise?: SuperlativeReading;
  /** The question without the superlative's words: what the rows compared must be. */
  rest: string;
  /**
   * It names no kind of thing, only "anything you sell" ("the most expensive item in the shop", "the
   * heaviest thing you have"): every row holding the measure is compared.
   */
  overAll: boolean;
}

/** Words that name no kind of thing: "item", "thing", "what you sell". */
const ANY_THING = new Set(
  'thing things item items product products stuff anything something everything article articles sell sells stock have has offer offers carry shop store'.split(
    ' ',
  ),
);

/** The superlative a question asks ("the lightest tent"), if any. */
export function superlativeOf(question: string): Superlative | null {
  for (const { pattern, ...reading } of SUPERLATIVES) {
    const match = pattern.exec(question);
    if (!match) continue;
    const rest = question.replace(pattern, ' ');
    const named = significantTerms(rest).filter((term) => !ANY_THING.has(term));
    const anyThing = wordsOf(rest).some((word) => ANY_THING.has(word));
    // "Your latest offer" asks what is newest, not the latest time of every row.
    const overAll = named.length === 0 && anyThing && reading.reads !== 'time of day';
    return { ...reading, rest, overAll };
  }
  return null;
}

/** A filter over the rows of a table or catalogue: by a number ("under 30 euros") or by a quality ("easy"). */
export type RowFilter =
  | {
      kind: 'number';
      comparison: 'below' | 'at most' | 'above' | 'at least';
      value: number;
      /** The word after the number ("users", "km", "euros"), if any: which column it reads. */
      unit: string | null;
      /** The question without the comparison: what the rows must be. */
      rest: string;
    }
  | { kind: 'quality'; word: string; rest: string }
  /** "Which tariffs have a price guarantee?": rows whose column of that name holds something. */
  | { kind: 'feature'; words: string[]; negated: boolean; rest: string };

const COMPARISONS: ReadonlyArray<readonly [RegExp, 'below' | 'at most' | 'above' | 'at least']> = [
  [
    /\b(?:under|below|less\s+than|fewer\s+than|cheaper\s+than|shorter\s+than|lighter\s+than|smaller\s+than)\s+/iu,
    'below',
  ],
  [/\b(?:at\s+most|up\s+to|no\s+more\s+than|max(?:imum)?)\s+/iu, 'at most'],
  [/\b(?:over|above|more\s+than|longer\s+than|heavier\s+than|bigger\s+than|larger\s+than)\s+/iu, 'above'],
  [/\b(?:at\s+least|min(?:imum)?|from)\s+/iu, 'at least'],
];
const AMOUNT = /^(?:[€$£]\s?)?(\d+(?:[.,]\d+)?)\s*([\p{L}€$£%]+)?/u;
/** "Which …", "any …", "what … do you have": a question asking for the rows that pass. */
/** "Which tours …", "any classes …", "list …": a question asking for every row that fits, not for one. */
const ASKS_FOR_EVERY_ROW = /^\s*(?:(?:and|so)\s+)?(?:which|any|are\s+there\s+any|list)\b/iu;
export const asksForEveryRow = (question: string): boolean => ASKS_FOR_EVERY_ROW.test(question);
const ASKS_FOR_ROWS =
  /^\s*(?:(?:and|so)\s+)?(?:which|what|any|are\s+there\s+any|do\s+you\s+have(?:\s+any)?|list)\b/iu;
const FEATURE_ASKED =
  /^\s*(?:(?:and|so)\s+)?(?:which|what|any)\s+(?<things>\p{L}+(?:\s+\p{L}+)?)\s+(?:have|has|offer|offers|include|includes|come\s+with|comes\s+with)\s+(?:an?\s+|the\s+|any\s+)?(?<feature>(?:no\s+)?\p{L}+(?:[\s-]\p{L}+){0,2})\s*\??\s*$/iu;
/** "Which routes are easy?", "which tours are on Sundays?", "which classes run in the evening?". */
const QUALITY_ASKED =
  /^\s*(?:(?:and|so)\s+)?(?:which|what)\s+(?<things>\p{L}+(?:\s+\p{L}+)?)\s+(?:(?:are|is)(?:\s+(?:on|in|at))?|(?:run|runs|take\s+place|takes\s+place|happen|happens|work|works|teach|teaches)\s+(?:on|in|at))\s+(?:the\s+)?(?<quality>\p{L}+)\s*\??\s*$/iu;

/** The filter over rows an English question asks for, if any. */
export function rowFilterOf(question: string): RowFilter | null {
  if (languageOf(question).code !== ENGLISH.code || !ASKS_FOR_ROWS.test(question)) return null;
  for (const [pattern, comparison] of COMPARISONS) {
    const match = pattern.exec(question);
    if (!match) continue;
    const after = question.slice(match.index + match[0].length);
    const amount = AMOUNT.exec(after);
    if (!amount) continue;
    const value = Number.parseFloat(amount[1]!.replace(',', '.'));
    const symbol = /^[€$£]/u.exec(after)?.[0];
    const unit = symbol ?? amount[2] ?? null;
    const rest = `${question.slice(0, match.index)} ${after.slice(amount[0].length)}`;
    return { kind: 'number', comparison, value, unit, rest };
  }
  // "3 people or more"
  const orMore = /(\d+(?:[.,]\d+)?)\s*(\p{L}+)?\s+or\s+(more|less|fewer)\b/iu.exec(question);
  if (orMore) {
    const rest = question.replace(orMore[0], ' ');
    const comparison = orMore[3]!.toLowerCase() === 'more' ? 'at least' : 'at most';
    return {
      kind: 'number',
      comparison,
      value: Number.parseFloat(orMore[1]!.replace(',', '.')),
      unit: orMore[2] ?? null,
      rest,
    };
  }
  const quality = QUALITY_ASKED.exec(question)?.groups;
  if (quality && !isStopword(quality.quality!))
    return { kind: 'quality', word: quality.quality!, rest: quality.things! };
  const feature = FEATURE_ASKED.exec(question)?.groups;
  const words = feature ? wordsOf(feature.feature!).filter((word) => !isStopword(word)) : [];
  if (feature && words.length > 0)
    return { kind: 'feature', words, negated: /^no\s/iu.test(feature.feature!), rest: feature.things! };
  return null;
}
