// Development set: the website of a bike-rental shop (7 pages linked from '/'), served by the benchmark
// and crawled with crawl "site". Real-looking HTML: navigation, header, footer (address, opening hours,
// social links, newsletter), a cookie banner, a price table with column headings, a
// <table class="extras"> of add-ons, an FAQ in <details>/<summary>, a dated notice that overrides the
// general rule, an <aside class="related"> block and visitors' comments, and rental terms whose clauses
// end in ";" across lines.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { ask, eur, nearMiss, offTopic } from './helpers.js';

const NAV = `<nav class="main-nav" aria-label="Main">
      <a href="/">Home</a>
      <a href="/bikes">Our bikes</a>
      <a href="/prices">Prices</a>
      <a href="/tours">Routes &amp; tours</a>
      <a href="/faq">FAQ</a>
      <a href="/terms">Rental terms</a>
    </nav>`;

const FOOTER = `<footer class="site-footer">
    <div class="footer-col footer-address">
      <h4>Spoke &amp; Pine Bike Rental</h4>
      <p>Bahnhofstraße 14, 79098 Freiburg im Breisgau</p>
      <p>Phone: +49 761 555 0142 · Email: hello@spokeandpine.example</p>
    </div>
    <div class="footer-col footer-hours">
      <h4>Opening hours</h4>
      <p>Bahnhofstraße shop: Monday to Saturday 8:30–18:30, Sunday 10:00–17:00</p>
      <p>Seepark shop (Seeparkweg 3): March to October, Tuesday to Sunday 10:00–18:00, closed on Mondays</p>
    </div>
    <div class="footer-col footer-social">
      <h4>Follow us</h4>
      <a href="https://www.instagram.com/spokeandpine">Instagram</a>
      <a href="https://www.facebook.com/spokeandpine">Facebook</a>
      <a href="https://www.komoot.com/user/spokeandpine">Komoot</a>
    </div>
    <form class="footer-col newsletter" action="#" onsubmit="return false">
      <label for="nl-email">Newsletter: one email a month with new routes and a 10 % voucher for your next rental</label>
      <input id="nl-email" type="email" placeholder="Your email address">
      <button type="submit">Subscribe</button>
    </form>
    <p class="legal">© 2027 Spoke &amp; Pine GmbH · <a href="/terms">Rental terms</a> · Imprint · Privacy policy</p>
  </footer>
  <div class="cookie-banner" role="dialog" aria-label="Cookies">
    <p>We use cookies to remember your language and to count visits anonymously.
      <button class="cookie-accept">Accept all</button> <button class="cookie-necessary">Only necessary cookies</button></p>
  </div>`;

const page = (title: string, main: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title} | Spoke &amp; Pine Bike Rental Freiburg</title>
  <link rel="stylesheet" href="/assets/site.css">
</head>
<body>
  <header class="site-header">
    <a class="logo" href="/">Spoke &amp; Pine</a>
    ${NAV}
    <a class="button book-now" href="/prices">Book now</a>
  </header>
  <main id="content">
${main}
  </main>
  ${FOOTER}
</body>
</html>
`;

export const BIKE_RENTAL_PAGES: Record<string, string> = {
  '/': page(
    'Bike rental in Freiburg',
    `    <section class="hero">
      <h1>Bike rental in Freiburg</h1>
      <p>City bikes, e-bikes, mountain bikes, gravel bikes, cargo bikes and tandems: Spoke &amp; Pine rents out more than 120 bikes from two shops, one next to the main station at Bahnhofstraße 14 and one by the lake in the Seepark at Seeparkweg 3.</p>
      <p>Book online, call us on +49 761 555 0142 or just walk in.</p>
    </section>
    <section class="news">
      <h2>News</h2>
      <article class="teaser">
        <h3><a href="/news/workshop-closed-march">Workshop closed from 1 to 15 March 2027</a></h3>
        <p class="date">12 February 2027</p>
        <p>Where to bring your bike for repairs while we renovate.</p>
      </article>
    </section>
    <section class="workshop">
      <h2>Our workshop</h2>
      <p>The workshop at our Bahnhofstraße shop repairs every bike, not only ours. A basic service costs €49 and usually takes 2 working days. A flat tyre is fixed while you wait for €14.</p>
    </section>
    <section class="why-us">
      <h2>Why ride with us</h2>
      <ul>
        <li>Every bike is checked after every rental.</li>
        <li>Helmets are free with every rental.</li>
        <li>Route maps and GPX tracks for all our routes, free of charge.</li>
      </ul>
    </section>`,
  ),

  '/prices': page(
    'Prices',
    `    <h1>Prices 2027</h1>
    <p>All prices are per bike and include VAT, a cable lock, lights and a repair kit.</p>
    <table class="prices">
      <thead><tr><th>Bike type</th><th>Half day (4 hours)</th><th>Full day</th><th>Week (7 days)</th></tr></thead>
      <tbody>
        <tr><td>City bike</td><td>€12</td><td>€18</td><td>€79</td></tr>
        <tr><td>E-bike</td><td>€25</td><td>€39</td><td>€189</td></tr>
        <tr><td>Mountain bike (full suspension)</td><td>€22</td><td>€34</td><td>€159</td></tr>
        <tr><td>Gravel bike</td><td>€20</td><td>€30</td><td>€139</td></tr>
        <tr><td>Kids' bike (ages 4–12)</td><td>€8</td><td>€12</td><td>€49</td></tr>
        <tr><td>Cargo bike (electric)</td><td>€28</td><td>€45</td><td>€210</td></tr>
        <tr><td>Tandem</td><td>€24</td><td>€36</td><td>€165</td></tr>
      </tbody>
    </table>
    <p>A half day is 4 hours and can start at any time until 14:30. A full day ends at closing time on the day you pick up the bike.</p>
    <h2>Extras</h2>
    <table class="extras">
      <thead><tr><th>Add-on</th><th>Price</th><th>Good to know</th></tr></thead>
      <tbody>
        <tr><td>Helmet</td><td>free</td><td>All sizes, children's helmets too</td></tr>
        <tr><td>Child seat</td><td>€5 per day</td><td>For children from 9 months up to 22 kg</td></tr>
        <tr><td>Child trailer</td><td>€15 per day</td><td>Two seats, with rain cover</td></tr>
        <tr><td>D-lock</td><td>€2 per day</td><td>Heavier and safer than the cable lock that comes with every bike</td></tr>
        <tr><td>Pannier bags (pair)</td><td>€4 per day</td><td>2 × 20 litres, waterproof</td></tr>
        <tr><td>Theft and damage insurance</td><td>€6 per day</td><td>Limits what you pay for damage or theft to €150 per incident</td></tr>
      </tbody>
    </table>
    <h2>Deposit and payment</h2>
    <p>We take a deposit of €50 per bike, or €200 for an e-bike or a cargo bike, when you pick up the bike.</p>
    <p>You can pay by cash, EC card, Visa or Mastercard. We do not accept American Express.</p>
    <p>Groups of 8 or more get 15 % off full-day rentals.</p>`,
  ),

  '/bikes': page(
    'Our bikes',
    `    <h1>Our bikes</h1>
    <p>All bikes are serviced after every rental and come with lights, a bell and a cable lock.</p>
    <table class="fleet">
      <thead><tr><th>Bike</th><th>Frame sizes</th><th>Rider height</th><th>Weight</th><th>Gears</th></tr></thead>
      <tbody>
        <tr><td>City bike</td><td>S, M, L</td><td>155–195 cm</td><td>17 kg</td><td>7 (hub gears)</td></tr>
        <tr><td>E-bike</td><td>M, L</td><td>160–195 cm</td><td>24 kg</td><td>8, with Bosch motor</td></tr>
        <tr><td>Mountain bike</td><td>S, M, L, XL</td><td>155–200 cm</td><td>14.5 kg</td><td>12</td></tr>
        <tr><td>Gravel bike</td><td>50, 54, 58 cm</td><td>160–195 cm</td><td>9.8 kg</td><td>22</td></tr>
        <tr><td>Kids' bike</td><td>16, 20, 24 inch wheels</td><td>ages 4–12</td><td>10–13 kg</td><td>1 to 7</td></tr>
        <tr><td>Cargo bike</td><td>one size</td><td>165–190 cm</td><td>38 kg</td><td>5, with Bosch motor</td></tr>
        <tr><td>Tandem</td><td>one size</td><td>front rider 170–195 cm</td><td>27 kg</td><td>21</td></tr>
      </tbody>
    </table>
    <h2>City bike</h2>
    <p>A comfortable upright bike with a front basket and mudguards, ideal for the old town and the river paths.</p>
    <h2>E-bike</h2>
    <p>Bosch Performance motor and a 500 Wh battery, with a range of up to 100 km in eco mode. A charger is included for rentals of 2 days or more.</p>
    <h2>Mountain bike</h2>
    <p>Full suspension, 29-inch wheels and hydraulic disc brakes, for the trails of the Black Forest.</p>
    <h2>Gravel bike</h2>
    <p>Drop handlebars and 40 mm tyres, fast on tarmac and on forest roads.</p>
    <h2>Kids' bikes</h2>
    <p>16-inch wheels for ages 4 to 6, 20-inch for 6 to 9 and 24-inch for 9 to 12. Children's helmets are free.</p>
    <h2>Cargo bike</h2>
    <p>An electric box bike that carries up to 2 children, with seat belts and a rain cover, or up to 80 kg of shopping. Before your first ride we give you a 10-minute introduction.</p>
    <h2>Tandem</h2>
    <p>A bicycle for two; the rear rider must be at least 130 cm tall.</p>`,
  ),

  '/tours': page(
    'Routes and guided tours',
    `    <h1>Routes &amp; guided tours</h1>
    <p>Our favourite routes start at either shop. Download the GPX track of every route for free from our Komoot profile.</p>
    <table class="routes">
      <thead><tr><th>Route</th><th>Distance</th><th>Climbing</th><th>Level</th><th>Highlights</th></tr></thead>
      <tbody>
        <tr><td>Dreisam Valley loop</td><td>32 km</td><td>180 m</td><td>easy</td><td>river path, beer garden in Kirchzarten</td></tr>
        <tr><td>Kaiserstuhl wine route</td><td>58 km</td><td>620 m</td><td>medium</td><td>vineyards and volcanic hills</td></tr>
        <tr><td>Schauinsland climb</td><td>46 km</td><td>1,050 m</td><td>hard</td><td>summit at 1,284 m; e-bike recommended</td></tr>
        <tr><td>Rhine meadows tour</td><td>71 km</td><td>90 m</td><td>easy</td><td>Rhine dykes and the old town of Breisach; return by train possible</td></tr>
        <tr><td>Seepark family loop</td><td>9 km</td><td>20 m</td><td>easy</td><td>playgrounds and an ice cream stop</td></tr>
      </tbody>
    </table>
    <h2>Guided wine tour</h2>
    <p>Every Saturday from May to September at 10:00, one of our guides leads the Kaiserstuhl wine route for groups of up to 12 riders. The tour costs €29 per person plus the bike rental and includes a wine tasting. Please book by Friday at 18:00.</p>`,
  ),

  '/faq': page(
    'Frequently asked questions',
    `    <h1>Frequently asked questions</h1>
    <details><summary>Do I need to book in advance?</summary>
      <p>Walk-ins are welcome. From June to August we recommend booking online at least 2 days ahead, especially for e-bikes and cargo bikes, which often sell out.</p></details>
    <details><summary>What do I need to bring when I pick up the bike?</summary>
      <p>A valid photo ID (passport, ID card or driving licence) and the deposit. Under-18s also need a parent or guardian who signs the rental contract.</p></details>
    <details><summary>How old do I have to be?</summary>
      <p>Adult bikes can be rented from 14 years, e-bikes from 16 years. Kids' bikes are for ages 4 to 12.</p></details>
    <details><summary>Can I return the bike at the other shop?</summary>
      <p>Yes, you can return it at either shop during its opening hours. A one-way return costs €5, except for cargo bikes, which must go back to the shop they came from.</p></details>
    <details><summary>What if I have a flat tyre or a breakdown?</summary>
      <p>Every bike comes with a repair kit and a pump. Call our breakdown line on +49 761 555 0199 (daily 9:00–18:00): within 10 km of Freiburg we bring you a replacement bike free of charge; further away the call-out costs €25.</p></details>
    <details><summary>Can I take the bike on the train?</summary>
      <p>Yes, on regional trains (RB and RE) with a bike ticket from Deutsche Bahn. Cargo bikes and tandems are not allowed on trains.</p></details>
    <details><summary>Can I cancel my booking?</summary>
      <p>Cancellation is free up to 24 hours before pick-up. After that we charge 50 % of the rental price.</p></details>
    <details><summary>What if it rains?</summary>
      <p>Bad-weather guarantee: if the German Weather Service forecasts rain with a probability of 70 % or more for your rental day, you can cancel free of charge until 9:00 that morning.</p></details>
    <details><summary>Can I extend my rental?</summary>
      <p>Call us before closing time on the day the bike is due back. If the bike is still free, each extra day costs the full-day price.</p></details>
    <details><summary>Do you rent bikes in winter?</summary>
      <p>Yes, the Bahnhofstraße shop is open all year. From November to February only city bikes and e-bikes are available, and weekly prices are 20 % lower.</p></details>`,
  ),

  '/news/workshop-closed-march': page(
    'Workshop closed from 1 to 15 March 2027',
    `    <article class="post">
      <h1>Workshop closed from 1 to 15 March 2027</h1>
      <p class="post-meta">Posted on 12 February 2027 by the Spoke &amp; Pine team</p>
      <p>From 1 to 15 March 2027 the workshop at Bahnhofstraße is closed while we renovate it. During that time, repairs and services are done at our Seepark shop (Seeparkweg 3), Tuesday to Sunday from 10:00 to 18:00. Rentals at Bahnhofstraße continue as usual.</p>
      <p>Bikes already booked in for a service at Bahnhofstraße are taken to the Seepark shop by us, free of charge.</p>
      <p>The workshop reopens on 16 March with two new repair stands, so from then on a basic service takes only 1 working day.</p>
    </article>
    <aside class="related">
      <h3>Related articles</h3>
      <ul>
        <li><a href="/tours">Five routes around Freiburg for the whole family</a></li>
        <li><a href="/bikes">Which frame size do I need?</a></li>
      </ul>
    </aside>
    <section class="comments" id="comments">
      <h3>3 comments</h3>
      <div class="comment">
        <p class="comment-author">Jonas W. · 13 February 2027</p>
        <p class="comment-body">Is there parking at the Seepark shop? I would bring my bike in by car.</p>
      </div>
      <div class="comment">
        <p class="comment-author">Marie L. · 14 February 2027</p>
        <p class="comment-body">Thanks for letting us know! Last year's service was quick and friendly.</p>
      </div>
      <div class="comment">
        <p class="comment-author">Tobias K. · 16 February 2027</p>
        <p class="comment-body">Could I leave my bike with you over the winter next year?</p>
      </div>
      <form class="comment-form" action="#" onsubmit="return false">
        <label for="comment-text">Leave a comment</label>
        <textarea id="comment-text"></textarea>
        <button type="submit">Post comment</button>
      </form>
    </section>`,
  ),

  '/terms': page(
    'Rental terms',
    `    <h1>Rental terms</h1>
    <p class="updated">Valid from 1 January 2027</p>
    <h2>§1 Contract</h2>
    <p>The rental contract is concluded at pick-up between Spoke &amp; Pine GmbH and the person who signs it, who must be at least 18 years old.</p>
    <h2>§2 Obligations of the renter</h2>
    <p>The renter undertakes
      to lock the bike to a fixed object whenever it is left unattended;
      not to lend or sublet the bike to anyone else;
      not to carry passengers, except children in a child seat, a trailer or a cargo bike;
      to ride mountain bikes off-road only on signposted trails;
      to report an accident or theft to us and to the police within 24 hours.</p>
    <h2>§3 Late return</h2>
    <p>Bikes returned after closing time are charged an extra full day;
      bikes not returned within 24 hours of the agreed time, without notice, are reported stolen to the police.</p>
    <h2>§4 Liability</h2>
    <p>The renter is liable for damage and theft up to the current value of the bike;
      with the insurance add-on, liability is limited to €150 per incident, except in cases of gross negligence such as leaving the bike unlocked.</p>
    <h2>§5 Lost keys and accessories</h2>
    <p>A lost lock key costs €15;
      a lost battery charger costs €60;
      a lost helmet costs €30.</p>
    <h2>§6 Deposit</h2>
    <p>The deposit is returned in full when the bike comes back undamaged. If you paid it by card, the refund can take up to 5 working days.</p>
    <h2>§7 Place of jurisdiction</h2>
    <p>Freiburg im Breisgau.</p>`,
  ),
};

const CONVERSATIONS: BenchConversation[] = [
  // The price table and the extras.
  ask('How much does it cost to rent an e-bike for a day?', 'direct', [eur('39')], { tags: ['table'] }),
  ask('how much iz a citybike for half a day', 'typo', [eur('12')], { tags: ['table'] }),
  ask("what's the cheapest bike for a grown-up for a full day?", 'paraphrase', [['city bike'], eur('18')], {
    not: ['gravel bike', 'mountain bike'],
    tags: ['superlative', 'table'],
  }),
  ask('which bike costs the most for a week?', 'direct', [['cargo bike'], eur('210')], {
    not: ["kids' bike"],
    tags: ['superlative', 'table'],
  }),
  ask('Do I have to pay for a helmet?', 'direct', [['free']], { tags: ['yes-no', 'table'] }),
  [
    question('How much is the insurance?', 'direct', [eur('6')], { tags: ['table'] }),
    question('so what would I pay if the bike gets stolen?', 'follow-up', [eur('150')], { tags: ['table'] }),
  ],
  ask('Can I get cover in case someone nicks it?', 'synonym', [eur('6')], {
    noSharedWord: true,
    tags: ['yes-no', 'table'],
  }),
  ask('whats the deposit for an ebike', 'typo', [eur('200')]),
  ask('there are ten of us – is it cheaper then?', 'paraphrase', [['15 %', '15%', '15 percent']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('How long is a half day?', 'direct', [['4 hours']]),
  ask('Combien coûte un vélo électrique pour une semaine ?', 'language', [eur('189')], { tags: ['table'] }),

  // The fleet.
  ask('what is a gravel bike?', 'direct', [['drop handlebars', 'forest roads']]),
  ask('how far will your electric bicycles go before they need recharging?', 'paraphrase', [['100 km']], {
    noSharedWord: true,
  }),
  ask('which is your lightest bike?', 'direct', [['gravel']], {
    not: ['cargo bike'],
    tags: ['superlative', 'table'],
  }),
  ask("I'm 1.98 m tall, which of your bikes fit me?", 'paraphrase', [['mountain bike']], {
    not: ['city bike', 'gravel bike'],
    tags: ['filter', 'table'],
  }),
  ask('I have twins aged 3, what could transport them?', 'paraphrase', [['cargo', 'trailer']], {
    noSharedWord: true,
  }),

  // FAQ, rules and their exceptions.
  ask('is my teen allowed to hire an electric bicycle?', 'paraphrase', [['16 years']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('what documents should I have on me when I collect my rental?', 'paraphrase', [['photo id']], {
    noSharedWord: true,
  }),
  ask('Can I drop the bike off at the other shop?', 'paraphrase', [eur('5')], { tags: ['yes-no'] }),
  // The exception in the same answer: cargo bikes go back where they came from.
  ask(
    'can I bring the cargo bike back to the other shop?',
    'direct',
    [['must go back to the shop they came from']],
    {
      tags: ['yes-no'],
    },
  ),
  ask('what if I get a puncture miles from town?', 'synonym', [['0199', 'replacement bike']], {
    noSharedWord: true,
  }),
  ask('can I take a tandem on the train?', 'direct', [['not allowed on trains']], { tags: ['yes-no'] }),
  ask('Kann ich das Fahrrad im Zug mitnehmen?', 'language', [['regional trains', 'bike ticket']], {
    tags: ['yes-no'],
  }),
  // A condition: no rain mentioned, so the 24-hour rule, not the bad-weather guarantee.
  ask('I booked bikes for tomorrow morning, can I still cancel for free?', 'paraphrase', [['24 hours']], {
    not: ['70 %'],
    tags: ['yes-no'],
  }),
  ask(
    'the forecast says heavy rain on saturday, can I cancel my booking without paying?',
    'paraphrase',
    [['70 %', '9:00 that morning']],
    { tags: ['yes-no'] },
  ),
  ask('should I reserve beforehand in July?', 'paraphrase', [['2 days ahead']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('how do I extend my rental?', 'direct', [['call us before closing time']]),
  // The exception to the insurance's limit.
  ask(
    'I left the bike unlocked for a minute and it got stolen. Does the insurance cover it?',
    'paraphrase',
    [['gross negligence']],
    { tags: ['yes-no'] },
  ),
  ask(
    'when do I recover the money I left as security?',
    'paraphrase',
    [['returned in full', '5 working days']],
    {
      noSharedWord: true,
    },
  ),
  [
    question('are you open in winter?', 'direct', [['all year']], { tags: ['yes-no'] }),
    question('which bikes can I get in january?', 'follow-up', [['only city bikes and e-bikes']]),
    question('is it cheaper then?', 'follow-up', [['20 %']], { tags: ['yes-no'] }),
  ],

  // Contact, shops and opening hours (footer).
  ask('phone number?', 'direct', [['555 0142']]),
  ask('whats your email', 'direct', [['hello@spokeandpine.example']]),
  ask('wher is ur shop', 'typo', [['bahnhofstraße 14', 'bahnhofstrasse 14', 'seeparkweg 3']]),
  ask('is the seepark shop open on mondays', 'direct', [['closed on mondays']], { tags: ['yes-no'] }),
  ask('is there a price cut for people on your mailing list?', 'paraphrase', [['10 %', '10%']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // The workshop and its dated notice.
  ask('I want to bring my bike in for a service on 10 March, where do I go?', 'paraphrase', [['seepark']]),
  ask('is the workshop open in early march?', 'direct', [['1 to 15 march']], { tags: ['yes-no'] }),
  ask('how long will a service take once the workshop reopens?', 'paraphrase', [['1 working day']], {
    not: ['2 working days'],
  }),

  // Routes and tours.
  ask('how long is your longest route?', 'direct', [['71 km']], {
    not: ['seepark family loop'],
    tags: ['superlative', 'table'],
  }),
  ask('which path goes highest up the mountain?', 'synonym', [['schauinsland']], {
    noSharedWord: true,
    not: ['seepark family loop'],
    tags: ['superlative', 'table'],
  }),
  ask('which routes are easy?', 'direct', [['dreisam'], ['rhine meadows'], ['seepark family loop']], {
    not: ['schauinsland'],
    tags: ['filter', 'table'],
  }),
  ask('any routes shorter than 40 km?', 'paraphrase', [['dreisam'], ['seepark family loop']], {
    not: ['rhine meadows'],
    tags: ['filter', 'table'],
  }),
  [
    question('do you do guided tours?', 'direct', [['every saturday']], { tags: ['yes-no'] }),
    question('how much is it?', 'follow-up', [eur('29')]),
  ],

  // Not in the knowledge.
  nearMiss('is there parking at the seepark shop?'),
  nearMiss('do you offer winter storage for bikes?'),
  nearMiss('do you rent electric scooters?'),
  nearMiss('can I rent a trailer for my dog?'),
  nearMiss("what's the battery capacity of the cargo bike?"),
  nearMiss('do you have a shop in Basel?'),
  nearMiss('what time does the guided wine tour get back?'),
  nearMiss('is there a student discount?'),
  nearMiss('what is the maximum rider weight for the e-bikes?'),
  offTopic('who won the Tour de France last year?'),
  offTopic("what's the wifi password in the shop?"),
];

export const bikeRentalSite: Dataset = {
  name: 'bike rental (website, crawl=site)',
  kind: 'site',
  material: [{ type: 'site', pages: BIKE_RENTAL_PAGES }],
  conversations: CONVERSATIONS,
  heldOut: [],
};
