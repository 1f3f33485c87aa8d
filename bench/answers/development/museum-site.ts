// Development dataset written on 2026-11-28 for tuning: the website of the Harbour Museum in the port town
// of Westerhaven, a city museum with a café and a shop — nine HTML pages linked from the home page, each in
// the same chrome (cookie banner, header with the nav bar, breadcrumbs, a sidebar with "related" links, a
// visit box and a newsletter form, and a footer with address and phone), served by a local HTTP server and
// crawled from '/' (crawl "site"). The content holds HTML tables (admission prices, opening hours by season
// and weekday, guided tours with day, time, duration, language, price and group size, workshops, the café
// menu), two exhibitions with dates, an FAQ in <details>/<summary>, and a news page whose dated notices
// override the normal hours (short opening on 8–11 December 2026, an extra opening on Monday 28 December,
// an opening on New Year's Day 2027 when the general rule says closed).
//
// Its questions were written from the knowledge below alone (without reading the engine), in
// conversations of one to three questions, with direct, paraphrased, synonym, typo, follow-up and
// unanswerable ones (near misses tagged), yes/no questions, one-row table questions with a neighbouring
// row's value in `not`, superlatives and filters.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { ask, eur, nearMiss, offTopic } from './helpers.js';

const NAV: Array<[string, string]> = [
  ['/', 'Home'],
  ['/visit', 'Hours & admission'],
  ['/exhibitions', 'Exhibitions'],
  ['/tours', 'Tours & workshops'],
  ['/families-access', 'Families & accessibility'],
  ['/cafe-shop', 'Café & shop'],
  ['/news', 'News'],
  ['/faq', 'FAQ'],
  ['/contact', 'Getting here & contact'],
];

const RELATED: Record<string, Array<[string, string]>> = {
  '/': [
    ['/visit', 'Plan your visit'],
    ['/exhibitions', 'What’s on'],
    ['/news', 'Latest news'],
  ],
  '/visit': [
    ['/tours', 'Book a guided tour'],
    ['/families-access', 'Visiting with children'],
    ['/news', 'Changed opening hours'],
  ],
  '/exhibitions': [
    ['/tours', 'Curator’s tours'],
    ['/cafe-shop', 'Exhibition catalogue in our shop'],
    ['/visit', 'Tickets'],
  ],
  '/tours': [
    ['/exhibitions', 'Current exhibitions'],
    ['/families-access', 'Children’s birthday parties'],
    ['/contact', 'Group bookings'],
  ],
  '/families-access': [
    ['/tours', 'Family tour on Sundays'],
    ['/cafe-shop', 'Kids’ menu in The Galley'],
    ['/contact', 'Getting here'],
  ],
  '/cafe-shop': [
    ['/visit', 'Annual pass: 10 % off'],
    ['/exhibitions', 'Lighthouses of the North Sea'],
    ['/contact', 'Find us'],
  ],
  '/news': [
    ['/visit', 'Regular opening hours'],
    ['/exhibitions', 'Exhibitions'],
    ['/faq', 'FAQ'],
  ],
  '/faq': [
    ['/visit', 'Hours & admission'],
    ['/families-access', 'Accessibility'],
    ['/contact', 'Contact us'],
  ],
  '/contact': [
    ['/visit', 'Hours & admission'],
    ['/news', 'News'],
    ['/faq', 'FAQ'],
  ],
};

const layout = (path: string, title: string, main: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Harbour Museum Westerhaven</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="The Harbour Museum on the Old Quay of Westerhaven: ships, sailors and the sea.">
<link rel="stylesheet" href="/assets/site.css"></head>
<body class="page-${path === '/' ? 'home' : path.slice(1)}">
  <div id="cookie-consent" class="cookie-banner" role="dialog" aria-label="Cookies">
    <p>This website uses cookies that are needed for it to work and, if you agree, cookies for anonymous visitor statistics. Read more in our <a href="/contact">privacy notice</a>.</p>
    <button class="btn">Accept all</button> <button class="btn btn-outline">Necessary only</button>
  </div>
  <a class="skip-link" href="#content">Skip to content</a>
  <header class="site-header">
    <a class="logo" href="/"><img src="/assets/logo.svg" alt="Harbour Museum"> Harbour Museum</a>
    <span class="tagline">Westerhaven · Ships, sailors and the sea</span>
    <div class="header-tools"><a href="/visit" class="btn btn-small">Tickets</a> <a href="/contact">EN</a> | <span>NL</span></div>
  </header>
  <nav class="main-nav" aria-label="Main"><ul>${NAV.map(
    ([href, label]) => `<li${href === path ? ' class="active"' : ''}><a href="${href}">${label}</a></li>`,
  ).join('')}</ul></nav>
  <div class="breadcrumbs"><a href="/">Home</a> › <span>${title}</span></div>
  <div class="layout">
    <main id="content">
      <h1>${title}</h1>
      ${main}
    </main>
    <aside class="sidebar">
      <div class="widget related">
        <h3>Related</h3>
        <ul>${(RELATED[path] ?? [])
          .map(([href, label]) => `<li><a href="${href}">${label}</a></li>`)
          .join('')}</ul>
      </div>
      <div class="widget visit-box">
        <h3>Visit us</h3>
        <p>Old Quay 12, Westerhaven. Open Tuesday to Sunday from 10:00.</p>
        <a class="btn" href="/visit">Hours &amp; tickets</a>
      </div>
      <div class="widget newsletter">
        <h3>Newsletter</h3>
        <p>New exhibitions, events and offers for members, straight to your inbox.</p>
        <form><input type="email" placeholder="Your email address"><button>Sign up</button></form>
      </div>
    </aside>
  </div>
  <footer class="site-footer">
    <div class="footer-col">
      <h4>Harbour Museum Westerhaven</h4>
      <p>Old Quay 12 · 4471 Westerhaven</p>
      <p>Tel. 0412 55 80 10 · info@harbourmuseum-westerhaven.org</p>
    </div>
    <div class="footer-col">
      <h4>Follow us</h4>
      <p><a href="https://www.instagram.com/harbourmuseum">Instagram</a> · <a href="https://www.facebook.com/harbourmuseum">Facebook</a></p>
    </div>
    <div class="footer-col footer-legal">
      <p><span>Imprint</span> · <span>Privacy notice</span> · <span>Cookie settings</span></p>
      <p>The Harbour Museum is supported by the City of Westerhaven.</p>
      <p>© 2026 Stichting Harbour Museum Westerhaven</p>
    </div>
  </footer>
</body></html>`;

const HOME = `
      <p class="lead">Welcome to the Harbour Museum on the Old Quay of Westerhaven. In the old customs warehouse of 1884 we tell the story of the port, its ships and the people who worked on them.</p>
      <section class="highlights">
        <div class="card"><h2><a href="/exhibitions">Ships and Sailors</a></h2><p>Our permanent collection on three floors, and the lightship Elsa at the quay.</p></div>
        <div class="card"><h2><a href="/exhibitions">Lighthouses of the North Sea</a></h2><p>Temporary exhibition, until 31 January 2027.</p></div>
        <div class="card"><h2><a href="/tours">Guided tours &amp; workshops</a></h2><p>Highlights tours every weekend, and workshops for children and adults.</p></div>
        <div class="card"><h2><a href="/cafe-shop">The Galley café</a></h2><p>Fish soup, cakes and a view over the harbour.</p></div>
      </section>
      <section class="news-teaser">
        <h2>News</h2>
        <p><strong>Changed opening hours in December and January.</strong> Please check our <a href="/news">news page</a> before you visit.</p>
      </section>
      <p>Planning a visit? See <a href="/visit">opening hours &amp; admission</a>, <a href="/families-access">visiting with children and accessibility</a>, <a href="/contact">getting here</a> and our <a href="/faq">frequently asked questions</a>.</p>`;

const VISIT = `
      <h2>Opening hours</h2>
      <table class="hours">
        <thead><tr><th>Season</th><th>Tuesday – Friday</th><th>Saturday – Sunday</th><th>Monday</th></tr></thead>
        <tbody>
          <tr><td>Summer (1 April – 31 October)</td><td>10:00 – 18:00</td><td>10:00 – 19:00</td><td>closed</td></tr>
          <tr><td>Winter (1 November – 31 March)</td><td>10:00 – 16:30</td><td>10:00 – 17:00</td><td>closed</td></tr>
        </tbody>
      </table>
      <p>Last admission is 45 minutes before closing time.</p>
      <p>Late opening: on the first Thursday of every month the museum stays open until 21:00.</p>
      <p>On public holidays that fall on a Monday the museum is open with Sunday hours.</p>
      <p>The museum is closed on 24, 25 and 31 December and on 1 January. Changes to these hours are announced on our <a href="/news">news page</a>.</p>
      <h2>Admission</h2>
      <table class="prices">
        <thead><tr><th>Ticket</th><th>Price</th><th>Good to know</th></tr></thead>
        <tbody>
          <tr><td>Adult</td><td>€14</td><td>All exhibitions included</td></tr>
          <tr><td>Reduced (students, over-65s, jobseekers)</td><td>€10</td><td>Please show valid ID</td></tr>
          <tr><td>Child (6–17 years)</td><td>€6</td><td>Children under 6 go free</td></tr>
          <tr><td>Family (2 adults + up to 3 children)</td><td>€32</td><td>One ticket for the whole family</td></tr>
          <tr><td>Annual pass</td><td>€45</td><td>Unlimited visits for 12 months and 10 % off in the café and the shop</td></tr>
          <tr><td>Groups (10 people or more)</td><td>€11 per person</td><td>Book at least 7 days ahead</td></tr>
        </tbody>
      </table>
      <p>Admission is free for everyone on the first Sunday of each month.</p>
      <p>Tickets are sold at the ticket desk and in our online ticket shop. Online tickets are valid for any day within 3 months of purchase. At the desk we accept cash and all major cards.</p>
      <h2>Audio guide</h2>
      <p>Our audio guide covers 40 stops in the permanent collection and is available in English, German, French and Dutch. It costs €3 and can be rented at the ticket desk.</p>`;

const EXHIBITIONS = `
      <section class="exhibition permanent">
        <h2>Ships and Sailors – permanent collection</h2>
        <p>Eight hundred years of the port of Westerhaven on three floors: the herring fleet, the shipyards, emigrants who left from the Old Quay, and life below deck. Ground floor: The Herring Years. First floor: Shipyards and Trade. Second floor: Life at Sea and the children’s area Little Harbour.</p>
        <h3>Lightship Elsa</h3>
        <p>The lightship Elsa (1952) is moored at the quay in front of the museum. She can be visited from April to October with your museum ticket; in winter she is closed for maintenance.</p>
      </section>
      <section class="exhibition temporary">
        <h2>Lighthouses of the North Sea</h2>
        <p class="dates">14 March 2026 – 31 January 2027 · Exhibition Hall, ground floor</p>
        <p>Lenses, lamps and logbooks from twelve lighthouses along the coast, with the original Fresnel lens of the Westerhaven lighthouse and the story of the keepers and their families.</p>
      </section>
      <section class="exhibition temporary upcoming">
        <h2>Ice and Iron: polar expeditions from Westerhaven</h2>
        <p class="dates">6 February 2027 – 5 September 2027 · Exhibition Hall, ground floor</p>
        <p>Between 1870 and 1930 whalers and research ships left Westerhaven for Greenland and Spitsbergen. Diaries, instruments and photographs show what the crews found in the far north, and who never came home.</p>
      </section>
      <p>All exhibitions are included in the museum ticket.</p>`;

const TOURS = `
      <h2>Guided tours</h2>
      <table class="tours">
        <thead><tr><th>Tour</th><th>Day</th><th>Time</th><th>Duration</th><th>Language</th><th>Price</th><th>Max. group</th></tr></thead>
        <tbody>
          <tr><td>Highlights tour</td><td>Saturday and Sunday</td><td>11:00</td><td>60 minutes</td><td>English</td><td>€5</td><td>25 people</td></tr>
          <tr><td>Highlights tour</td><td>Saturday</td><td>14:00</td><td>60 minutes</td><td>German</td><td>€5</td><td>25 people</td></tr>
          <tr><td>Family tour (ages 5–10 with their parents)</td><td>Sunday</td><td>10:30</td><td>45 minutes</td><td>Dutch</td><td>€5 per child, adults free</td><td>20 people</td></tr>
          <tr><td>Lightship Elsa tour (April – October)</td><td>Wednesday and Saturday</td><td>15:00</td><td>40 minutes</td><td>English</td><td>€4</td><td>12 people</td></tr>
          <tr><td>Behind the scenes: the depot</td><td>First Friday of the month</td><td>16:00</td><td>90 minutes</td><td>English</td><td>€12</td><td>10 people</td></tr>
          <tr><td>Curator’s tour: Lighthouses of the North Sea</td><td>Thursday</td><td>18:30</td><td>75 minutes</td><td>English</td><td>€7</td><td>15 people</td></tr>
          <tr><td>Harbour walk</td><td>Sunday</td><td>13:30</td><td>2 hours</td><td>English and Dutch</td><td>€9</td><td>20 people</td></tr>
        </tbody>
      </table>
      <p>Tour prices are in addition to the museum ticket, except for the harbour walk: it starts outside at Museum Pier and needs no museum ticket.</p>
      <p>Tickets for tours are sold at the ticket desk on the day, first come, first served. The depot tour can only be booked online, because places are limited.</p>
      <p>Private group tours: €90 for up to 25 people, in English, German or French, on any day the museum is open. Please book at least 2 weeks ahead by email to groups@harbourmuseum-westerhaven.org.</p>
      <h2>Workshops</h2>
      <table class="workshops">
        <thead><tr><th>Workshop</th><th>When</th><th>Age</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>Knots and ropes</td><td>Sundays, 11:00 – 12:30</td><td>6–12 years</td><td>€8</td></tr>
          <tr><td>Ship in a bottle</td><td>Saturdays, 14:00 – 17:00</td><td>from 14 years</td><td>€35 including material</td></tr>
          <tr><td>Sketching at the harbour</td><td>Second Saturday of the month, 10:00 – 12:00</td><td>adults (16+)</td><td>€15</td></tr>
        </tbody>
      </table>
      <p>Workshop places can be reserved by phone on 0412 55 80 12.</p>`;

const FAMILIES = `
      <h2>Visiting with children</h2>
      <p>Children under 6 visit for free, and children aged 6 to 17 pay €6.</p>
      <p>At the ticket desk children get the Ship’s Boy trail, a free booklet with puzzles through the museum for ages 5 to 10.</p>
      <p>In Little Harbour, our play area on the second floor, children can load cargo, steer a wheelhouse and play at the water table.</p>
      <p>Pushchairs are welcome everywhere except on board the lightship Elsa; you can leave them at the gangway.</p>
      <p>Baby changing rooms are on the ground floor and the first floor.</p>
      <h3>Children’s birthday parties</h3>
      <p>Celebrate on board! A birthday party costs €150 for up to 12 children and includes a 2-hour programme with a treasure hunt, a knots workshop and lemonade and cake in the café. Parties take place on Saturdays; please book 4 weeks in advance.</p>
      <h2>Accessibility</h2>
      <ul>
        <li>The main entrance has steps; a step-free entrance with a ramp is on the Rope Lane side of the building.</li>
        <li>Lifts go to all floors. The lightship Elsa is not accessible for wheelchairs.</li>
        <li>We lend two wheelchairs free of charge at the ticket desk.</li>
        <li>Accessible toilets are on every floor.</li>
        <li>One companion of a visitor with a disability enters free of charge.</li>
        <li>Only assistance dogs are allowed in the museum.</li>
        <li>An induction loop is available at the ticket desk and in the auditorium.</li>
        <li>Tactile tours for blind and partially sighted visitors can be arranged on request.</li>
      </ul>`;

const CAFE_SHOP = `
      <h2>The Galley café</h2>
      <p>Our café on the ground floor looks out over the harbour. It opens with the museum and closes 30 minutes before the museum does. From April to October you can also sit on our terrace on the quay.</p>
      <p>You don’t need a museum ticket to visit the café or the shop.</p>
      <table class="menu">
        <thead><tr><th>On the menu</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>Harbour fish soup with bread</td><td>€8.50</td></tr>
          <tr><td>Lentil soup (vegan)</td><td>€6.50</td></tr>
          <tr><td>Crab sandwich</td><td>€9.80</td></tr>
          <tr><td>Kids’ plate: fish fingers and fries</td><td>€5.90</td></tr>
          <tr><td>Apple cake</td><td>€4.20</td></tr>
          <tr><td>Espresso</td><td>€2.60</td></tr>
          <tr><td>Filter coffee</td><td>€2.90</td></tr>
          <tr><td>Hot chocolate</td><td>€3.40</td></tr>
        </tbody>
      </table>
      <p>Sunday brunch, every Sunday from 10:00 to 13:00: €21.50 per person, children under 12 €9.50. Booking is recommended: call 0412 55 80 14.</p>
      <p>Bring your own lunch? Use the picnic tables on the quay outside; packed food is not allowed in the café or the galleries.</p>
      <h2>Museum shop</h2>
      <p>The shop next to the ticket desk sells books on maritime history, posters and prints, ship models, and gifts for children. It has the same opening hours as the museum.</p>
      <p>The exhibition catalogue “Lighthouses of the North Sea” (240 pages) costs €29.90.</p>
      <p>Holders of an annual pass get 10 % off in the café and in the shop.</p>`;

const NEWS = `
      <article class="notice">
        <p class="date">Posted on 20 November 2026</p>
        <h2>Changed opening hours, 8 – 11 December 2026</h2>
        <p>From Tuesday 8 to Friday 11 December 2026 the museum is open from 13:00 to 16:30 only, while the new lens of the Westerhaven lighthouse is installed in the Exhibition Hall. The café opens at 12:00 on these days.</p>
      </article>
      <article class="notice">
        <p class="date">Posted on 20 November 2026</p>
        <h2>Christmas and New Year</h2>
        <p>The museum is closed on 24, 25 and 31 December 2026. Extra opening on Monday 28 December 2026: 10:00 – 16:30.</p>
        <p>This year we are open on New Year’s Day, 1 January 2027, from 13:00 to 17:00, with a free New Year’s concert in the Ship Hall at 15:00. The café is closed on 1 January.</p>
      </article>
      <article>
        <p class="date">Posted on 2 October 2026</p>
        <h2>Lightship Elsa closes for the winter</h2>
        <p>From 1 November 2026 the lightship Elsa is closed for her winter maintenance. She reopens on 1 April 2027.</p>
      </article>
      <article>
        <p class="date">Posted on 15 September 2026</p>
        <h2>Coming in February: Ice and Iron</h2>
        <p>Our next temporary exhibition about the polar expeditions from Westerhaven opens on 6 February 2027.</p>
      </article>`;

const FAQ = `
      <section class="faq">
        <details><summary>How much time should I plan for my visit?</summary>
          <p>Most visitors spend about 2 hours in the permanent collection, and about 3 hours if they also see the temporary exhibition.</p></details>
        <details><summary>Can I take photos?</summary>
          <p>Yes, photography for private use is allowed without flash. Tripods and selfie sticks are not allowed.</p></details>
        <details><summary>Is there a cloakroom?</summary>
          <p>Large bags and backpacks must be left in the free lockers next to the ticket desk. The lockers need a €1 coin, which you get back.</p></details>
        <details><summary>Can I leave the museum and come back later?</summary>
          <p>Your ticket is valid for the whole day: you can leave and come back in on the same day.</p></details>
        <details><summary>Can I bring my dog?</summary>
          <p>Only assistance dogs are allowed in the museum. Dogs are welcome on the café terrace.</p></details>
        <details><summary>Is there Wi-Fi?</summary>
          <p>Yes, free Wi-Fi in the whole building: network “HarbourMuseum-Guest”, no password.</p></details>
        <details><summary>Do school classes pay admission?</summary>
          <p>School classes from Westerhaven visit for free; other schools pay €3 per pupil. Teachers go free. Please book at least 3 weeks ahead.</p></details>
        <details><summary>Can I buy tickets online?</summary>
          <p>Yes, in our online ticket shop. Online tickets are valid for any day within 3 months of purchase.</p></details>
      </section>`;

const CONTACT = `
      <h2>Address</h2>
      <p>Harbour Museum Westerhaven<br>Old Quay 12<br>4471 Westerhaven</p>
      <p>Phone: 0412 55 80 10 (Tuesday to Friday, 9:00 – 16:00) · Email: info@harbourmuseum-westerhaven.org</p>
      <h2>Getting here</h2>
      <h3>By public transport</h3>
      <p>Bus lines 3 and 7 stop at Old Quay, right in front of the museum.</p>
      <p>From Westerhaven Central station it is a 12-minute walk along the harbour.</p>
      <p>Ferry F1 crosses from North Bank every 20 minutes and stops at Museum Pier, two minutes’ walk away.</p>
      <h3>By car</h3>
      <p>The museum has no car park of its own. The nearest car park is Harbour Gate, 300 m from the museum: €2.50 per hour or €12 per day. Museum visitors pay €6 for the day if they have their parking ticket stamped at our ticket desk.</p>
      <p>Two disabled parking spaces are in front of the step-free entrance on Rope Lane.</p>
      <p>Coaches can drop off and pick up groups on Old Quay.</p>
      <h3>By bike</h3>
      <p>There are bicycle racks at the main entrance.</p>
      <h2>Write to us</h2>
      <form class="contact-form"><input placeholder="Name"><input placeholder="Email"><textarea placeholder="Your message"></textarea><button>Send</button></form>`;

/** The site's pages by path ('/' is the home page; the nav bar links to every page). */
export const MUSEUM_PAGES: Record<string, string> = {
  '/': layout('/', 'Harbour Museum Westerhaven', HOME),
  '/visit': layout('/visit', 'Opening hours & admission', VISIT),
  '/exhibitions': layout('/exhibitions', 'Exhibitions', EXHIBITIONS),
  '/tours': layout('/tours', 'Guided tours & workshops', TOURS),
  '/families-access': layout('/families-access', 'Visiting with children & accessibility', FAMILIES),
  '/cafe-shop': layout('/cafe-shop', 'Café & shop', CAFE_SHOP),
  '/news': layout('/news', 'News', NEWS),
  '/faq': layout('/faq', 'Frequently asked questions', FAQ),
  '/contact': layout('/contact', 'Getting here & contact', CONTACT),
};

const ONE = ['1:00', '13:00', '1 pm', '1pm', '13.00', '1 p.m.'];
const HALF_FOUR = ['16:30', '4:30', '16.30', '4.30'];

const CONVERSATIONS: BenchConversation[] = [
  // Hours & admission
  ask('how much is an adult ticket?', 'direct', [eur('14')], { tags: ['table'] }),
  [
    question('wat does a ticket for a kid cost', 'typo', [eur('6')], {
      not: ['€10', '10 €'],
      tags: ['table'],
    }),
    question('and my youngest is 4?', 'follow-up', [['free']], { tags: ['yes-no', 'table'] }),
  ],
  ask(
    "we're two parents with three kids, is there something cheaper than single tickets",
    'paraphrase',
    [eur('32')],
    {
      noSharedWord: true,
      tags: ['table'],
    },
  ),
  ask("i'm a pensioner, do i pay less?", 'synonym', [eur('10')], {
    noSharedWord: true,
    tags: ['yes-no', 'table'],
  }),
  ask('annual pass price', 'direct', [eur('45')], { tags: ['table'] }),
  ask('we are coming with 15 colleagues, is there a group rate', 'paraphrase', [eur('11')], {
    not: ['€10', '10 €'],
    tags: ['yes-no', 'table'],
  }),
  ask('are you open on mondays', 'direct', [['closed']], { tags: ['yes-no', 'table'] }),
  ask(
    'what time do you close on saturdays in summer',
    'direct',
    [['19:00', '7 pm', '7pm', '19.00', '7 p.m.']],
    {
      not: ['17:00'],
      tags: ['table'],
    },
  ),
  ask('what time does the museum shut on a wednesday in january', 'paraphrase', [HALF_FOUR], {
    not: ['18:00'],
    noSharedWord: true,
    tags: ['table'],
  }),
  ask('any day when getting in costs nothing?', 'paraphrase', [['first sunday']], { noSharedWord: true }),
  ask(
    'late opening on thursdays?',
    'direct',
    [['21:00', '9 pm', '9pm', '21.00', '9 p.m.'], ['first thursday']],
    {
      tags: ['yes-no'],
    },
  ),
  ask('audio guide languges?', 'typo', [['german'], ['french'], ['dutch']]),

  // The dated notices
  ask('are you open on 9 december', 'direct', [ONE], { tags: ['yes-no'] }),
  ask(
    'can we visit on the monday between christmas and new year?',
    'paraphrase',
    [['10:00', '10 am', '10am', '10.00'], HALF_FOUR],
    { tags: ['yes-no'] },
  ),
  [
    question('r u open on new years day', 'typo', [ONE], { tags: ['yes-no'] }),
    question('can we get lunch there that day?', 'follow-up', [['closed']], { tags: ['yes-no'] }),
  ],

  // Exhibitions
  ask('until when is the lighthouse exhibition on', 'direct', [
    ['31 january', 'january 31', '31 jan', '31.01', '31/01', '31st of january', 'jan 31'],
  ]),
  ask('when does the polar expedition show start', 'paraphrase', [
    ['6 february', 'february 6', '6 feb', '06.02', '6/2', '6th of february', 'feb 6'],
  ]),
  ask('is there anything about arctic explorers?', 'synonym', [['ice and iron']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('can i go aboard the lightship in december', 'direct', [['april'], ['october']], { tags: ['yes-no'] }),
  ask('how long does it take to go round the museum', 'paraphrase', [['2 hours', 'two hours']]),
  nearMiss('who designed the lighthouse exhibition?'),
  nearMiss('how many objects are in the permanent collection'),

  // Tours & workshops
  [
    question('what time is the harbour walk', 'direct', [['13:30', '1:30', '13.30', '1.30']], {
      tags: ['table'],
    }),
    question('how long is it', 'follow-up', [['2 hours', 'two hours', '120 minutes']], {
      not: ['90 minutes'],
      tags: ['table'],
    }),
  ],
  ask(
    'do you have tours in german',
    'direct',
    [['highlights'], ['14:00', '2 pm', '2pm', '14.00', '2 p.m.']],
    {
      tags: ['yes-no', 'filter', 'table'],
    },
  ),
  ask('which tours are on sundays', 'direct', [['highlights'], ['family'], ['harbour walk']], {
    tags: ['filter', 'table'],
  }),
  ask('whats the longest tour', 'direct', [['harbour walk']], {
    not: ['depot'],
    tags: ['superlative', 'table'],
  }),
  ask('cheapest guided tour?', 'direct', [['lightship', 'elsa'], eur('4')], {
    tags: ['superlative', 'table'],
  }),
  [
    question(
      'when is the behind the scenes tour',
      'direct',
      [['first friday'], ['16:00', '4 pm', '4pm', '16.00', '4 p.m.']],
      { tags: ['table'] },
    ),
    question(
      'how many people can go on it',
      'follow-up',
      [
        [
          '10 people',
          '10 participants',
          '10 persons',
          'ten people',
          '10 visitors',
          'max 10',
          'maximum of 10',
          'up to 10',
          'limited to 10',
          'maximum 10',
          'max. 10',
        ],
      ],
      { not: ['25 people'], tags: ['table'] },
    ),
  ],
  ask('any guided tours after work?', 'paraphrase', [['thursday'], ['18:30', '6:30', '18.30', '6.30']], {
    tags: ['table'],
  }),
  ask('can we hire a guide just for our club?', 'paraphrase', [eur('90')], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  [
    question('ship in a bottle workshop price', 'direct', [eur('35')], { tags: ['table'] }),
    question(
      'can my 10 year old join',
      'follow-up',
      [['14 years', 'age 14', 'aged 14', 'from 14', '14 and', '14+', 'over 14', '14 or older']],
      { tags: ['yes-no', 'table'] },
    ),
  ],
  ask('any drawing course for grown-ups?', 'synonym', [['sketching'], ['second saturday', '2nd saturday']], {
    noSharedWord: true,
    tags: ['yes-no', 'table'],
  }),
  nearMiss('is the harbour walk wheelchair accessible?'),
  nearMiss('do you sell gift vouchers for the workshops'),

  // Children & accessibility
  ask('can we take the buggy inside?', 'synonym', [['lightship', 'elsa']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('kids birthday party price', 'direct', [eur('150')]),
  ask('Is the museum wheelchair accessible?', 'direct', [['step-free', 'ramp', 'lift']], {
    tags: ['yes-no'],
  }),
  ask('does my carer have to pay too?', 'paraphrase', [['free']], { noSharedWord: true, tags: ['yes-no'] }),
  nearMiss('do you have tours in sign language for deaf visitors'),

  // Café & shop
  ask(
    'do i need a ticket to go to the cafe',
    'direct',
    [["don't need", 'don’t need', 'do not need', 'not need', 'no ticket', 'without']],
    { tags: ['yes-no'] },
  ),
  ask('vegan food in the caffe?', 'typo', [['lentil']], { tags: ['yes-no', 'table'] }),
  ask('cheapest thing on the cafe menu', 'direct', [['espresso'], ['2.60', '2,60']], {
    tags: ['superlative', 'table'],
  }),
  ask('how much is the fish soup', 'direct', [['8.50', '8,50']], { not: ['6.50', '6,50'], tags: ['table'] }),
  ask('how much is the sunday brunch', 'direct', [['21.50', '21,50']]),
  ask('any place for us to have homemade sandwiches?', 'paraphrase', [['picnic']], { noSharedWord: true }),
  ask('how much is the lighthose catalogue', 'typo', [['29.90', '29,90']]),
  nearMiss('is the café terrace heated in winter?'),
  nearMiss('do you have gluten free cake in the café'),

  // Getting here, FAQ, contact
  [
    question('where can I park', 'direct', [['harbour gate']]),
    question('how much for the whole day', 'follow-up', [[...eur('12'), ...eur('6')]]),
  ],
  ask(
    'how do i get there without a car',
    'paraphrase',
    [['3 and 7', 'line 3', 'lines 3', 'bus 3', '3 or 7', 'ferry', 'f1', 'central station']],
    { noSharedWord: true },
  ),
  ask('can I come by boat?', 'paraphrase', [['ferry', 'f1']], { noSharedWord: true, tags: ['yes-no'] }),
  ask('what do i do with my big rucksack?', 'synonym', [['locker']], { noSharedWord: true }),
  ask('if I pop out for lunch can I come back in later', 'paraphrase', [['same day', 'whole day']], {
    tags: ['yes-no'],
  }),
  nearMiss('is there an electric car charger at the car park'),
  nearMiss('can we hire the ship hall for a wedding'),
  offTopic('can you recommend a hotel near the harbour'),
  offTopic("what's the weather in westerhaven tomorrow"),
  offTopic('do you buy old paintings from private collectors'),
];

export const museumSite: Dataset = {
  name: 'harbour museum (website with tables, sidebars and a notice)',
  kind: 'site',
  material: [{ type: 'site', pages: MUSEUM_PAGES }],
  conversations: CONVERSATIONS,
  heldOut: [],
};
