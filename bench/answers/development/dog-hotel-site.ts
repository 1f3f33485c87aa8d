// Development dataset (held out until 2026-11-27): the website of a dog hotel, doggy daycare and grooming salon in Leipzig — seven HTML
// pages with a nav bar, cookie banner, sidebar and footer around the content (price tables, lists, an FAQ,
// a dated notice that overrides the general cancellation rule), served by a local HTTP server and crawled
// from its home page (crawl "site"). The add-on prices sit in a <table class="extras"> and what a stay
// includes in a <ul class="related">: main content despite the class names.
//
// Its questions were written blind on 2026-11-26, from the knowledge below alone, and measured the engine as
// a held-out set, unread, until 2026-11-27; since then they are a development set (newer blind sets took
// their place in ../held-out/), read and tuned on like the others.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { eur } from '../keys.js';

const NAV: Array<[string, string]> = [
  ['/', 'Home'],
  ['/boarding', 'Dog hotel'],
  ['/daycare', 'Daycare'],
  ['/grooming', 'Grooming'],
  ['/booking', 'Booking & cancellation'],
  ['/faq', 'FAQ'],
  ['/contact', 'Contact'],
];

const layout = (path: string, title: string, main: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} – Happy Tails Leipzig</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
  <div class="cookie-banner" role="dialog">
    <p>We use cookies to make this website work and, with your consent, to count visits. <a href="/contact">Privacy policy</a></p>
    <button>Accept all</button> <button>Only necessary</button>
  </div>
  <header class="site-header">
    <a class="logo" href="/">Happy Tails</a>
    <span class="tagline">Dog hotel · Daycare · Grooming</span>
    <a class="header-phone" href="tel:+4934123456789">0341 2345 6789</a>
  </header>
  <nav class="main-nav"><ul>${NAV.map(([href, label]) => `<li${href === path ? ' class="active"' : ''}><a href="${href}">${label}</a></li>`).join('')}</ul></nav>
  <div class="breadcrumbs"><a href="/">Home</a> › ${title}</div>
  <div class="layout">
    <main>
      <h1>${title}</h1>
      ${main}
    </main>
    <aside class="sidebar">
      <div class="widget">
        <h3>Book now</h3>
        <p>Check free dates in our online calendar or call us.</p>
        <a class="button" href="/booking">Booking</a>
      </div>
      <div class="widget">
        <h3>Newsletter</h3>
        <p>Tips for dog owners and our offers, once a month.</p>
        <form><input type="email" placeholder="Your email"><button>Subscribe</button></form>
      </div>
      <div class="widget">
        <h3>Follow us</h3>
        <p>See what our guests are up to today.</p>
      </div>
    </aside>
  </div>
  <footer class="site-footer">
    <div class="footer-address">Happy Tails GmbH · Karl-Heine-Straße 87 · 04229 Leipzig · Tel. 0341 2345 6789 · hello@happytails-leipzig.de</div>
    <div class="footer-social"><a href="https://www.instagram.com/happytails.leipzig">Instagram</a> · <a href="https://www.facebook.com/happytails.leipzig">Facebook</a></div>
    <div class="footer-legal"><span>Imprint</span> · <span>Privacy</span> · <span>Terms and conditions</span></div>
    <p>© 2026 Happy Tails GmbH. All rights reserved.</p>
  </footer>
</body></html>`;

const HOME = `
      <p class="lead">Happy Tails is a dog hotel, doggy daycare and grooming salon in Leipzig-Plagwitz. Since 2014 our team of six trained animal carers has looked after more than 3,000 dogs.</p>
      <p>Every dog gets at least two walks a day along the Karl Heine Canal and plenty of playtime in our fenced garden. At night our guests sleep in heated rooms of their own.</p>
      <section class="news">
        <h2>News</h2>
        <article>
          <h3>Christmas holidays: book early</h3>
          <p>Our rooms for the Christmas holidays are filling up. Special conditions apply from 20 December 2026 to 6 January 2027: see <a href="/booking">Booking &amp; cancellation</a>.</p>
        </article>
      </section>
      <section class="teasers">
        <div class="teaser"><h2><a href="/boarding">Dog hotel</a></h2><p>Holidays for you, holidays for your dog. From €32 a night.</p></div>
        <div class="teaser"><h2><a href="/daycare">Doggy daycare</a></h2><p>Company and play while you are at work.</p></div>
        <div class="teaser"><h2><a href="/grooming">Grooming salon</a></h2><p>Bath, cut and pampering for all breeds.</p></div>
      </section>`;

const BOARDING = `
      <p>Your dog stays with us in a heated room of its own and spends the day in play groups matched by size and temperament.</p>
      <h2>Prices</h2>
      <table class="prices">
        <thead><tr><th>Room</th><th>Per night</th><th>7 nights</th></tr></thead>
        <tbody>
          <tr><td>Standard room (6 m²)</td><td>€32</td><td>€200</td></tr>
          <tr><td>Comfort suite (10 m², webcam, sofa)</td><td>€45</td><td>€290</td></tr>
          <tr><td>Second dog in the same room</td><td>€20</td><td>€125</td></tr>
        </tbody>
      </table>
      <p>Check-in is from 8:00 to 11:00 and check-out until 18:00 on the day of departure. Late check-out after 18:00 costs half a night.</p>
      <h2>Included in every stay</h2>
      <ul class="related">
        <li>Two walks a day of at least 45 minutes each.</li>
        <li>Playtime in our fenced garden.</li>
        <li>Food: premium dry food from Wolfsblut, or bring your own.</li>
        <li>Medication given free of charge.</li>
        <li>A photo update by WhatsApp every evening.</li>
      </ul>
      <p>Insulin injections cost €5 per day.</p>
      <h2>Requirements</h2>
      <ul>
        <li>Dogs must be at least 4 months old.</li>
        <li>Vaccinations against rabies, distemper, parvovirus and kennel cough, given at least 14 days before arrival. Please bring the vaccination pass.</li>
        <li>Dogs must be protected against fleas and ticks.</li>
        <li>Unneutered males older than 12 months cannot stay in the hotel.</li>
        <li>Females in heat cannot stay with us.</li>
      </ul>
      <h2>Trial day</h2>
      <p>Before the first stay, every dog spends a trial day with us, so we can get to know each other. The trial day costs €15. It is free if you book a stay of 5 nights or more.</p>`;

const DAYCARE = `
      <p>Daycare is for dogs who should not be home alone while you are at work. Drop-off is between 7:00 and 9:30.</p>
      <table>
        <thead><tr><th>Option</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>Full day (up to 10 hours)</td><td>€28</td></tr>
          <tr><td>Half day (up to 5 hours)</td><td>€18</td></tr>
          <tr><td>10-day card (valid 6 months)</td><td>€250</td></tr>
          <tr><td>Monthly flat rate (Monday to Friday)</td><td>€420</td></tr>
        </tbody>
      </table>
      <p>Daycare is available Monday to Friday. It is not available on weekends or public holidays.</p>
      <p>Dogs in daycare need the same vaccinations as hotel guests, and a trial day is required too.</p>
      <p>Lunch is not included: please give your dog a packed meal if it eats at midday.</p>`;

const GROOMING = `
      <p>Our groomers wash, cut and pamper dogs of all breeds. A full groom takes 2 to 3 hours depending on size and coat; we call you when your dog is ready to be picked up.</p>
      <h2>Prices</h2>
      <p>Prices depend on your dog's weight.</p>
      <table class="prices">
        <thead><tr><th>Service</th><th>Small (up to 10 kg)</th><th>Medium (10–25 kg)</th><th>Large (over 25 kg)</th></tr></thead>
        <tbody>
          <tr><td>Bath &amp; brush</td><td>€35</td><td>€45</td><td>€60</td></tr>
          <tr><td>Full groom (bath, cut, nails, ears)</td><td>€55</td><td>€70</td><td>€90</td></tr>
          <tr><td>Hand stripping</td><td>€65</td><td>€85</td><td>€110</td></tr>
          <tr><td>Nail clipping</td><td>€12</td><td>€12</td><td>€12</td></tr>
          <tr><td>Puppy introduction (under 6 months)</td><td>€25</td><td>€25</td><td>€25</td></tr>
        </tbody>
      </table>
      <h2>Add-ons</h2>
      <table class="extras">
        <thead><tr><th>Add-on</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>Teeth brushing</td><td>€8</td></tr>
          <tr><td>Flea treatment bath</td><td>€15</td></tr>
          <tr><td>Paw balm treatment</td><td>€5</td></tr>
          <tr><td>De-shedding treatment</td><td>€20</td></tr>
          <tr><td>Matted coat (per 15 minutes of extra work)</td><td>€10</td></tr>
        </tbody>
      </table>
      <p>Nail clipping is free for dogs staying in our hotel for 5 nights or more.</p>
      <p>We groom dogs only: no cats or other pets.</p>
      <p>The grooming salon is open Tuesday to Saturday. Grooming is not available on Sundays and Mondays.</p>
      <p>If your dog is anxious or has bitten before, please tell us when booking. We offer a free short introduction visit first.</p>`;

const BOOKING = `
      <h2>How to book</h2>
      <ol>
        <li>Check free dates in our online calendar or call us.</li>
        <li>Book a trial day if it is your dog's first stay.</li>
        <li>Email us a photo of the vaccination pass.</li>
        <li>You receive a written confirmation within 24 hours.</li>
      </ol>
      <p>For stays of more than 7 nights we ask for a deposit of 30 % of the price, payable within 5 days of the booking confirmation.</p>
      <h2>Cancellation</h2>
      <p>Hotel stays can be cancelled free of charge up to 7 days before arrival. Later cancellations cost 50 % of the booked stay; if you do not turn up, we charge the full price.</p>
      <p>Grooming appointments can be cancelled free of charge up to 24 hours in advance. Later cancellations cost a fee of €15.</p>
      <div class="notice">
        <strong>Christmas holidays (20 December 2026 – 6 January 2027):</strong> stays must be at least 3 nights, and free cancellation is only possible up to 30 days before arrival.
      </div>
      <div class="notice">
        <strong>Winter notice (1 December 2026 – 28 February 2027):</strong> if your dog is ill, you can cancel a grooming appointment at short notice without the €15 fee. Just call us before the appointment.
      </div>
      <h2>Payment</h2>
      <p>You pay when you pick up your dog, in cash, by EC debit card or with PayPal. We do not accept credit cards.</p>`;

const FAQ = `
      <section class="faq">
        <h3>Can my dog get raw food (BARF)?</h3>
        <p>Yes. Bring frozen portions for the whole stay and we keep them in our freezer. We charge a surcharge of €3 per day for preparing them.</p>
        <h3>Can I visit before booking?</h3>
        <p>Yes: open house every Saturday from 10:00 to 12:00, no appointment needed.</p>
        <h3>Do you look after cats?</h3>
        <p>No, we look after dogs only.</p>
        <h3>What happens if my dog gets ill?</h3>
        <p>We take your dog to the Tierarztpraxis Lindenau (Dr. Anna Berger), five minutes from us, and call you straight away. Vet costs are passed on to you.</p>
        <h3>Do you offer pick-up and drop-off?</h3>
        <p>Yes, our pet taxi picks up and brings back dogs within Leipzig for €15 each way. It is free for stays of 10 nights or more.</p>
        <h3>Can my dog's toys and bed come along?</h3>
        <p>Yes, one blanket and one toy. We cannot guarantee that toys come back undamaged.</p>
        <h3>Is my old dog welcome?</h3>
        <p>Of course. Senior dogs join a quieter play group and get extra rest. We have had guests aged 16.</p>
        <h3>Is there a discount for long stays?</h3>
        <p>For stays of 14 nights or more we give a 10 % discount on the whole stay.</p>
        <h3>Do you sell gift vouchers?</h3>
        <p>Vouchers for grooming and daycare are available at reception for any amount from €20. They cannot be used for hotel stays.</p>
      </section>`;

const CONTACT = `
      <p>Happy Tails GmbH<br>Karl-Heine-Straße 87<br>04229 Leipzig</p>
      <p>Phone: 0341 2345 6789 · Email: hello@happytails-leipzig.de</p>
      <h2>Opening hours</h2>
      <table>
        <thead><tr><th>Day</th><th>Reception</th></tr></thead>
        <tbody>
          <tr><td>Monday – Friday</td><td>7:00 – 19:00</td></tr>
          <tr><td>Saturday</td><td>8:00 – 14:00</td></tr>
          <tr><td>Sunday</td><td>17:00 – 19:00 (pick-ups only)</td></tr>
          <tr><td>Public holidays</td><td>closed</td></tr>
        </tbody>
      </table>
      <h2>Directions</h2>
      <p>By tram: line 14 to the stop Erich-Zeigner-Allee, then 3 minutes on foot.</p>
      <p>By car: three parking spaces in our courtyard, for dropping off and picking up only (15 minutes at most).</p>
      <p>Emergency phone for owners of hotel guests, outside opening hours: 0176 555 01 02.</p>
      <h2>Write to us</h2>
      <form class="contact-form"><input placeholder="Name"><input placeholder="Email"><textarea placeholder="Your message"></textarea><button>Send</button></form>`;

/** The site's pages by path ('/' is the home page; the nav bar links to every page). */
export const DOG_HOTEL_PAGES: Record<string, string> = {
  '/': layout('/', 'Your dog’s second home in Leipzig', HOME),
  '/boarding': layout('/boarding', 'Dog hotel', BOARDING),
  '/daycare': layout('/daycare', 'Doggy daycare', DAYCARE),
  '/grooming': layout('/grooming', 'Grooming salon', GROOMING),
  '/booking': layout('/booking', 'Booking & cancellation', BOOKING),
  '/faq': layout('/faq', 'Frequently asked questions', FAQ),
  '/contact': layout('/contact', 'Contact & directions', CONTACT),
};

const HELD_OUT: BenchConversation[] = [
  // Grooming
  [
    question('how much is a ful groom for a labrador', 'typo', [eur('90')], {
      tags: ['table'],
    }),
  ],
  [
    question('price bath and brush small dog', 'direct', [eur('35')], {
      tags: ['table'],
    }),
  ],
  [question('Do you groom cats?', 'direct', [['dogs only', 'only dogs', 'no cats']], { tags: ['yes-no'] })],
  [
    question(
      'can i get my dog groomed on a sunday',
      'direct',
      [['not available on sundays', 'tuesday to saturday']],
      {
        tags: ['yes-no'],
      },
    ),
  ],
  [question('How long does grooming take?', 'direct', [['2 to 3 hours', '2-3 hours', 'two to three hours']])],
  [question('teeth cleaning how much', 'synonym', [eur('8')], { tags: ['table'] })],
  [question('what does the flea bath cost', 'direct', [eur('15')], { tags: ['table'] })],
  [
    question(
      'my dogs fur is full of knots, do you charge more for that?',
      'paraphrase',
      [eur('10'), ['15 minutes']],
      {
        noSharedWord: true,
        tags: ['yes-no', 'table'],
      },
    ),
  ],
  [
    question(
      'Is nail clipping free?',
      'direct',
      [
        ['5 nights', 'five nights'],
        ['hotel', 'staying'],
      ],
      {
        tags: ['yes-no'],
      },
    ),
    question('and otherwise how much', 'follow-up', [eur('12')], { tags: ['table'] }),
  ],
  [
    question('hand stripping price for a medium sized dog', 'direct', [eur('85')], {
      tags: ['table'],
    }),
  ],
  [
    question('my puppy is 4 months old, do you have something for puppies?', 'paraphrase', [
      ['puppy introduction', 'introduction'],
      eur('25'),
    ]),
  ],
  [
    question('how much to get the loose hair out of my husky', 'synonym', [eur('20')], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [
    question(
      "he's nervous around strangers, can he still get a haircut?",
      'paraphrase',
      [['introduction visit']],
      { noSharedWord: true, tags: ['yes-no'] },
    ),
  ],
  [
    question('whats the most expensive grooming service', 'typo', [eur('110')], {
      tags: ['superlative', 'table'],
    }),
  ],
  [question('do you sell dog shampoo', 'unanswerable')],
  [question("what's the name of the groomer", 'unanswerable', undefined, { tags: ['near-miss'] })],
  [
    question('which shampoo do you use? my dog has skin allergies', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],

  // Dog hotel
  [
    question('how much is one night in the dog hotel', 'direct', [eur('32')], { tags: ['table'] }),
    question('and with a webcam?', 'follow-up', [eur('45')], { tags: ['table'] }),
    question('what about a whole week in that one', 'follow-up', [eur('290')], { tags: ['table'] }),
  ],
  [
    question('I have 2 dogs, can they sleep together and what does it cost', 'paraphrase', [eur('20')], {
      tags: ['table'],
    }),
  ],
  [
    question(
      'what time can I drop him off for a hotel stay',
      'paraphrase',
      [['11:00', '11 am', '11am', '11.00']],
      {
        not: ['9:30'],
        noSharedWord: true,
      },
    ),
  ],
  [question('what if I pick my dog up late in the evening?', 'paraphrase', [['half a night']])],
  [question('are walks included', 'direct', [['two walks', '2 walks']], { tags: ['yes-no'] })],
  [
    question("will I hear how my dog is doing while I'm away?", 'paraphrase', [['whatsapp', 'photo']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [
    question('what does my pooch eat while staying with you', 'synonym', [['wolfsblut', 'dry food']], {
      noSharedWord: true,
    }),
  ],
  [
    question('does he need any shots before staying?', 'synonym', [['rabies'], ['kennel cough']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
    question('how long before?', 'follow-up', [['14 days', 'fourteen days']]),
  ],
  [
    question('is the kennel cough vaccine required for daycare too', 'direct', [['same vaccinations']], {
      tags: ['yes-no'],
    }),
  ],
  [
    question('can my unneutered 2 year old male stay with you', 'direct', [['12 months']], {
      tags: ['yes-no'],
    }),
  ],
  [question('minimun age for dogs?', 'typo', [['4 months', 'four months']])],
  [
    question('whats the trial day and how much is it', 'typo', [eur('15')]),
    question('is it ever free?', 'follow-up', [['5 nights', 'five nights']], { tags: ['yes-no'] }),
  ],
  [
    question('my dog needs insulin every day, is that extra?', 'direct', [['insulin'], eur('5')], {
      not: ['free of charge'],
      tags: ['yes-no'],
    }),
  ],
  [
    question('does it cost more if my dog takes pills', 'synonym', [['free of charge']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [
    question(
      'my girl is in season right now, can she still come',
      'paraphrase',
      [['cannot stay', 'in heat']],
      { noSharedWord: true, tags: ['yes-no'] },
    ),
  ],
  [question('how big is the garden', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('are the rooms air conditioned in summer', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('can the dogs go swimming in the canal', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('how many dogs are in one play group?', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('do you take dogs with epilepsy', 'unanswerable')],

  // Daycare
  [
    question('daycare price per day', 'direct', [eur('28')], { tags: ['table'] }),
    question('and just for the morning?', 'follow-up', [eur('18')], { tags: ['table'] }),
  ],
  [question('is doggy daycare open on saturday', 'direct', [['weekends']], { tags: ['yes-no'] })],
  [
    question('do i need to pack lunch for my dog at daycare', 'direct', [['not included', 'packed meal']], {
      tags: ['yes-no'],
    }),
  ],
  [
    question('how long is the 10 day card valid', 'direct', [['6 months', 'six months']], {
      tags: ['table'],
    }),
  ],
  [
    question('is there a monthly price if he comes every weekday', 'paraphrase', [eur('420')], {
      tags: ['table'],
    }),
  ],

  // Booking, cancellation, payment
  [
    question('how do I cancel a hotel booking, is it free?', 'direct', [['7 days', 'seven days']]),
    question("and if it's only 3 days before?", 'follow-up', [['50 %', '50%', '50 percent']]),
  ],
  [
    question(
      'i booked for christmas, can i still cancel for free 2 weeks before',
      'paraphrase',
      [['30 days']],
      {
        not: ['up to 7 days'],
        tags: ['yes-no'],
      },
    ),
  ],
  [question('minimum stay over new year?', 'paraphrase', [['3 nights', 'three nights']])],
  [
    question(
      'my dog is sick, can I cancel the grooming tomorrow without paying anything',
      'paraphrase',
      [['dog is ill']],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question('Do I have to pay a deposit?', 'direct', [
      ['30 %', '30%', '30 percent'],
      ['7 nights', 'seven nights'],
    ]),
  ],
  [question('can i pay by visa', 'synonym', [['credit cards']], { noSharedWord: true, tags: ['yes-no'] })],
  [question('paypal ok?', 'direct', [['paypal']], { tags: ['yes-no'] })],
  [question('when do we need to settle the bill', 'paraphrase', [['pick up']], { noSharedWord: true })],
  [
    question('can I book over the phone', 'paraphrase', [['call us']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question('can I pay in instalments', 'unanswerable')],
  [question('is there a waiting list when you are fully booked', 'unanswerable')],

  // FAQ
  [
    question(
      'Can I come and look around first?',
      'paraphrase',
      [['saturday'], ['10:00', '10 am', '10am', '10.00']],
      {
        noSharedWord: true,
        tags: ['yes-no'],
      },
    ),
  ],
  [
    question('do you work with a vet', 'paraphrase', [['lindenau', 'anna berger']]),
    question('what are their opening hours', 'unanswerable', undefined, { tags: ['near-miss'] }),
  ],
  [
    question('can someone fetch him from my flat?', 'paraphrase', [['taxi'], eur('15')], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
    question('is that free for longer stays', 'follow-up', [['10 nights', 'ten nights']], {
      tags: ['yes-no'],
    }),
  ],
  [question('can the pet taxi take two dogs at once?', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [
    question('any discount if we go on holiday for 3 weeks', 'paraphrase', [['10 %', '10%', '10 percent']], {
      tags: ['yes-no'],
    }),
  ],
  [
    question(
      'raw feeding possible?',
      'direct',
      [['frozen'], ['€3 per day', '3 € per day', '3 eur', '3.00']],
      { tags: ['yes-no'] },
    ),
  ],
  [question('can he bring his own bed', 'direct', [['blanket']], { tags: ['yes-no'] })],
  [
    question('is my 15 year old dog too old for your hotel', 'paraphrase', [['quieter', 'aged 16']], {
      tags: ['yes-no'],
    }),
  ],
  [
    question(
      'can a gift voucher be used for a hotel stay',
      'direct',
      [['cannot be used for hotel', 'grooming and daycare']],
      {
        tags: ['yes-no'],
      },
    ),
  ],
  [question('do you have a discount for rescue dogs', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('do you offer dog training classes?', 'unanswerable')],

  // Contact
  [
    question('when are you open on saturday', 'direct', [['14:00', '2 pm', '2pm', '14.00']], {
      not: ['19:00'],
      tags: ['table'],
    }),
  ],
  [
    question('can I pick up my dog on sunday?', 'direct', [['17:00', '5 pm', '5pm', '17.00']], {
      tags: ['yes-no', 'table'],
    }),
  ],
  [question('where are you located', 'paraphrase', [['karl-heine']], { noSharedWord: true })],
  [
    question('how do I get there by public transport', 'paraphrase', [['line 14'], ['erich-zeigner']], {
      noSharedWord: true,
    }),
  ],
  [question('is ther parking', 'typo', [['courtyard'], ['15 minutes']], { tags: ['yes-no'] })],
  [question('emergency number at night?', 'paraphrase', [['0176 555 01 02', '0176']])],
  [question('do you have a second location in Dresden', 'unanswerable')],
  [question('are your carers trained in dog first aid', 'unanswerable', undefined, { tags: ['near-miss'] })],
];

export const dogHotelSite: Dataset = {
  name: 'dog hotel (website, crawl=site) [held out until 2026-11-27]',
  kind: 'site',
  material: [{ type: 'site', pages: DOG_HOTEL_PAGES }],
  conversations: [],
  heldOut: HELD_OUT,
};
