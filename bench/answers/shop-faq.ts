// Dataset 1: an outdoor shop's FAQ, added as a text source (questions as headings, answers below them).
import { alone, unanswerable, type Dataset } from './dataset.js';

export const SHOP_FAQ_TITLE = 'Northwind Outdoor – frequently asked questions';

export const SHOP_FAQ_TEXT = `Northwind Outdoor – frequently asked questions

How long does delivery take?
Orders placed before 2 pm on a working day leave our warehouse the same day. Standard delivery takes 2 to 4 working days within Germany and 4 to 7 working days to other EU countries.

How much does shipping cost?
Standard shipping costs 4.95 euros. Shipping is free for orders over 60 euros. Express delivery costs 12.90 euros and arrives the next working day when ordered before 2 pm.

Which countries do you ship to?
We ship to every country of the European Union, to Switzerland, Norway and the United Kingdom. We do not ship to the United States, Canada or Australia.

How can I track my order?
When your parcel leaves the warehouse we send you an email with a tracking link from DHL. You can also follow the parcel under "My orders" in your customer account.

Can I change or cancel my order?
You can change or cancel an order within 1 hour of placing it, under "My orders". After that the order is already being packed; please return it instead once it has arrived.

What is your return policy?
You can return unused items within 30 days of delivery for a full refund. Items must be in their original packaging with the labels still attached. Returns within Germany are free: print the prepaid return label from your customer account.

How long does a refund take?
We refund the purchase price to the original payment method within 5 working days after your return arrives at our warehouse.

Can I exchange an item for another size?
Yes. Choose "exchange" when you register the return in your customer account, and we send the new size as soon as the return is scanned by DHL.

Which payment methods do you accept?
We accept Visa, Mastercard, American Express, PayPal, Apple Pay, Google Pay and payment by invoice through Klarna. Invoices must be paid within 14 days.

Can I pay in instalments?
Yes, with Klarna you can spread purchases over 50 euros across 3 monthly instalments without interest.

Do you sell gift cards?
Gift cards are available from 10 to 500 euros and are valid for 3 years. They can be used online and in our stores, but cannot be exchanged for cash.

What warranty do your products have?
All products have the legal warranty of 2 years. Tents and backpacks of our own brand Northwind have a 5-year warranty against manufacturing defects.

Do you repair equipment?
Our repair service fixes zips, seams and tent poles. Send the item with the repair form from our website; a repair usually takes 3 weeks, and we send you a quote first if it costs more than 20 euros.

Where are your stores and when are they open?
Our stores are in Hamburg (Mönckebergstraße 7) and Munich (Sendlinger Straße 12). Both are open Monday to Friday from 10 am to 8 pm and Saturday from 10 am to 6 pm, and closed on Sundays and public holidays.

How can I contact customer service?
Call us on +49 40 1234 5678 (Monday to Friday, 8 am to 6 pm) or write to help@northwind-outdoor.example. We answer emails within 24 hours on working days.

Do you offer a student discount?
Students get 10 percent off full-price items with a valid student card, in our stores and online after verifying with UNiDAYS.

Is there a newsletter discount?
Subscribe to our newsletter and you receive a 5 euro voucher for your first order over 50 euros.

How do I find the right size?
Every product page has a size chart. If you are between two sizes, we recommend the larger size for jackets and the smaller size for climbing shoes.

Do you rent out equipment?
Yes, our Hamburg store rents out tents, sleeping bags and snowshoes by the weekend. A tent costs 25 euros per weekend; please book at least 3 days in advance.
`;

export const shopFaq: Dataset = {
  name: 'shop FAQ (text source)',
  kind: 'text',
  conversations: [
    alone('How long does delivery take?', 'direct', [['2 to 4 working days']]),
    alone('how many days until my parcel arrives in germany', 'paraphrase', [['2 to 4 working days']]),
    alone('What does shipping cost?', 'direct', [['4.95']]),
    alone('Is postage free above a certain amount?', 'synonym', [['60 euros']]),
    alone('Do you deliver to Switzerland?', 'paraphrase', [['switzerland']], ['do not ship to switzerland']),
    alone('Can you send my order to Canada?', 'paraphrase', [['do not ship to', 'canada']]),
    alone('How do I track my order?', 'direct', [['tracking link', 'my orders']]),
    alone('I want to cancel my order, is that possible?', 'paraphrase', [['within 1 hour']]),
    alone('What is your return policy?', 'direct', [['30 days']]),
    alone('Can I send back a jacket I bought three weeks ago?', 'paraphrase', [['30 days']]),
    alone('When will I get my money back after returning something?', 'paraphrase', [['5 working days']]),
    alone('Can I swap my boots for a bigger size?', 'synonym', [['exchange']]),
    alone('Which payment methods do you accept?', 'direct', [['paypal']]),
    alone('Can I pay with Apple Pay?', 'paraphrase', [['apple pay']]),
    alone('Can I pay in installments?', 'synonym', [['3 monthly instalments']]),
    alone('Do you sell gift vouchers?', 'synonym', [['gift cards are available', '500 euros']]),
    alone('How long is the guarantee on a Northwind tent?', 'synonym', [['5-year', '5 year']]),
    alone('My tent pole broke, can you fix it?', 'paraphrase', [['repair']]),
    alone('What are the opening hours of the Munich store?', 'direct', [['10 am to 8 pm']]),
    alone('What is your phone number?', 'paraphrase', [['+49 40 1234 5678']]),
    alone('Do students get a discount?', 'paraphrase', [['10 percent']]),
    alone('Can I rent a tent for the weekend?', 'direct', [['rents out tents', '25 euros']]),
    alone('How long does delivry take?', 'typo', [['2 to 4 working days']]),
    alone('wat is ur retrun policy', 'typo', [['30 days']]),
    alone('do u have a studnet discount', 'typo', [['10 percent']]),
    [
      { ask: 'Do you have stores?', kind: 'direct', facts: [['hamburg', 'munich']] },
      { ask: 'Are they open on Sundays?', kind: 'follow-up', facts: [['closed on sundays']] },
    ],
    [
      { ask: 'How much is express delivery?', kind: 'direct', facts: [['12.90']] },
      { ask: 'And when does it arrive?', kind: 'follow-up', facts: [['next working day']] },
    ],
    alone('Wie lange dauert der Versand?', 'language', [['2 to 4 working days']]),
    alone('Puis-je retourner un article ?', 'language', [['30 days']]),
    alone('¿Aceptan PayPal?', 'language', [['paypal']]),
    unanswerable('Do you sell bicycles?'),
    unanswerable('Who is the CEO of Northwind?'),
    unanswerable('Can I pay with bitcoin?'),
    unanswerable('Do you have a loyalty points programme?'),
    unanswerable('What is the weather forecast for the Alps this weekend?'),
    unanswerable('Do you offer a military discount?'),
  ],
  heldOut: [
    alone('Is shipping free if I spend 80 euros?', 'paraphrase', [['60 euros']]),
    alone('Can I pay with Apple Pay?', 'direct', [['apple pay']]),
    alone('How long do I have to pay a Klarna invoice?', 'paraphrase', [['14 days']]),
    alone('How long is a gift card valid?', 'direct', [['3 years']]),
    alone('Can I get cash for my gift card?', 'paraphrase', [['cannot be exchanged for cash']]),
    alone('whats the phone number of customer servce', 'typo', [['+49 40 1234 5678']]),
    alone('Do you rent sleeping bags?', 'paraphrase', [['sleeping bags']]),
    [
      { ask: 'Do you have a student discount?', kind: 'direct', facts: [['10 percent']] },
      { ask: 'Does it work online too?', kind: 'follow-up', facts: [['unidays']] },
    ],
    unanswerable('Do you sell bicycles?'),
    unanswerable('Do you offer gift wrapping?'),
  ],
};
