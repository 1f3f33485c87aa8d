// Held-out dataset: the website of a town library, nine linked HTML pages crawled from its home page. Every
// page carries the site's chrome (cookie banner, header, navigation, a "related news" sidebar, footer), and
// the facts sit in real <table> markup (opening hours, fees, rooms, events), some tables with class names such
// as "extras" or "related", in lists and in notices that override a table (holiday hours, a closed floor).
// The sidebar names a neighbouring branch with other hours: a trap for questions about this library's own.
//
// Its questions were written BLIND on 2026-11-27, from the knowledge below alone, before any engine answered
// them. They must never be used to tune the engine: they measure it on material nobody tuned it for.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { eur } from '../keys.js';

const NAV: Array<[string, string]> = [
  ['/', 'Home'],
  ['/visit', 'Visit us'],
  ['/membership', 'Membership'],
  ['/fees', 'Fees and fines'],
  ['/rooms', 'Room booking'],
  ['/events', 'Events'],
  ['/digital', 'Digital library'],
  ['/contact', 'Contact'],
];

const RELATED_NEWS = `
<aside class="sidebar">
  <h2>Related news</h2>
  <ul class="related">
    <li><a href="/news/summer-reading">Summer Reading Challenge: the results are in</a></li>
    <li>Ashford Library (our partner branch in the district) now opens on Sundays from 12:00 to 16:00.</li>
    <li>County archive: the family history database moves to a new website in the spring.</li>
    <li>Volunteers wanted for our Home Delivery service – ask at the front desk.</li>
  </ul>
  <h2>Other libraries in the district</h2>
  <table class="related">
    <tr><th>Branch</th><th>Sunday</th><th>Phone</th></tr>
    <tr><td>Ashford Library</td><td>12:00–16:00</td><td>01632 960 410</td></tr>
    <tr><td>Kingsmead Library</td><td>closed</td><td>01632 960 522</td></tr>
  </table>
</aside>`;

function layout(title: string, main: string): string {
  const links = NAV.map(([href, label]) => `<li><a href="${href}">${label}</a></li>`).join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${title} | Millbrook Town Library</title></head>
<body>
<div class="cookie-banner" id="cookie-consent">
  <p>We use cookies to remember your settings and to count visits to this website. You can accept all cookies or only the necessary ones.</p>
  <button>Accept all</button> <button>Only necessary</button>
</div>
<header>
  <a class="logo" href="/">Millbrook Town Library</a>
  <form class="search" action="/catalogue"><input name="q" placeholder="Search the catalogue"><button>Search</button></form>
  <nav><ul>${links}</ul></nav>
</header>
<main>
<h1>${title}</h1>
${main}
</main>
${RELATED_NEWS}
<footer>
  <p>Millbrook Town Library · 14 Station Road · Millbrook MB3 2QL · Phone 01632 960 300</p>
  <p>A service of Millbrook Town Council. © 2026 Millbrook Town Council. All rights reserved.</p>
  <ul><li><a href="/contact">Contact</a></li><li><a href="/visit">Opening hours</a></li></ul>
</footer>
</body>
</html>`;
}

const PAGES: Record<string, string> = {
  '/': layout(
    'Welcome to Millbrook Town Library',
    `
<p>Borrow books, films and audiobooks, use our computers and study rooms, or join one of our free events. Membership is free for everyone who lives in Millbrook.</p>
<div class="notice">
  <h2>Holiday opening</h2>
  <p>Over the holidays our normal opening hours do not apply: the library is closed on 24, 25 and 26 December and on 1 January. On 31 December we open from 10:00 to 13:00 only.</p>
</div>
<h2>Latest news</h2>
<ul>
  <li>From 2 to 13 February 2027 the children's library on the first floor is closed for renovation. During those two weeks children's books can be borrowed from a temporary shelf at the ground-floor desk.</li>
  <li>New: a 3D printer is now available for members. See <a href="/fees">Fees and fines</a> for prices.</li>
  <li>Our <a href="/events">events programme</a> for the winter is online.</li>
</ul>
<p><a href="/membership">Become a member</a> · <a href="/rooms">Book a room</a> · <a href="/digital">E-books and online services</a></p>`,
  ),

  '/visit': layout(
    'Visit us',
    `
<h2>Opening hours</h2>
<table class="opening-hours">
  <thead><tr><th>Day</th><th>Opens</th><th>Closes</th></tr></thead>
  <tbody>
    <tr><td>Monday</td><td>10:00</td><td>18:00</td></tr>
    <tr><td>Tuesday</td><td>10:00</td><td>20:00</td></tr>
    <tr><td>Wednesday</td><td>13:00</td><td>18:00</td></tr>
    <tr><td>Thursday</td><td>10:00</td><td>20:00</td></tr>
    <tr><td>Friday</td><td>10:00</td><td>18:00</td></tr>
    <tr><td>Saturday</td><td>10:00</td><td>14:00</td></tr>
    <tr><td>Sunday</td><td colspan="2">Closed</td></tr>
  </tbody>
</table>
<p class="notice"><strong>Holiday exception:</strong> these hours do not apply over the holidays. Closed on 24, 25 and 26 December and on 1 January; on 31 December open 10:00–13:00 only.</p>
<p>Items can be returned at any hour through the return box beside the side entrance on Mill Lane.</p>
<h2>Getting here</h2>
<p>We are at 14 Station Road, a five-minute walk from Millbrook railway station. Buses 4 and 12 stop outside.</p>
<p>The Mill Lane car park behind the building is free for the first 2 hours.</p>
<h2>Accessibility</h2>
<p>The side entrance on Mill Lane has no steps, and a lift connects all three floors. An accessible toilet is on the ground floor. Assistance dogs are welcome.</p>
<h2>Floors</h2>
<ul>
  <li>Ground floor: front desk, new books, films, newspapers, computers</li>
  <li>First floor: children's library, study rooms</li>
  <li>Second floor: local history collection, meeting room, event hall</li>
</ul>`,
  ),

  '/membership': layout(
    'Membership',
    `
<h2>Who can join</h2>
<table class="membership">
  <tr><th>Membership</th><th>Price</th></tr>
  <tr><td>Residents of Millbrook</td><td>free</td></tr>
  <tr><td>Non-residents</td><td>€15.00 per year</td></tr>
  <tr><td>Children and young people under 16</td><td>free</td></tr>
</table>
<p>To register, bring photo ID and proof of address (a utility bill or bank statement from the last three months) to the front desk. Children under 16 need a parent or guardian to sign the form.</p>
<h2>Borrowing</h2>
<ul>
  <li>Adults can have up to 12 items on loan at the same time; children's cards up to 6 items.</li>
  <li>Books and audiobooks are lent for 3 weeks, films (DVD and Blu-ray) for 1 week.</li>
  <li>Loans can be renewed twice, online or at the desk, unless another member has reserved the item.</li>
  <li>Children's cards are never charged overdue fines.</li>
</ul>
<h2>Your card</h2>
<p>Your card is personal and may not be lent to others. Report a lost card straight away so nobody else can use it; a replacement card costs €3.00.</p>
<p>Please tell us when you move house or change your email address.</p>`,
  ),

  '/fees': layout(
    'Fees and fines',
    `
<h2>Overdue fines</h2>
<table class="fines">
  <thead><tr><th>Item</th><th>Fine</th><th>Maximum per item</th></tr></thead>
  <tbody>
    <tr><td>Book or audiobook</td><td>€0.20 per day</td><td>€6.00</td></tr>
    <tr><td>DVD or Blu-ray</td><td>€1.00 per day</td><td>€10.00</td></tr>
  </tbody>
</table>
<p>Lost or damaged items are charged at their replacement cost plus a €2.00 processing fee.</p>
<h2>Other charges</h2>
<table class="fees">
  <tr><th>Service</th><th>Charge</th></tr>
  <tr><td>Reservation of an item</td><td>€0.50 (free on children's cards)</td></tr>
  <tr><td>Interlibrary loan: titles outside our collection, requested from other libraries</td><td>€4.00 per item; delivery usually takes 2 weeks</td></tr>
  <tr><td>Replacement card</td><td>€3.00</td></tr>
</table>
<h2>Printing and copying</h2>
<table class="extras">
  <tr><th>Service</th><th>Price</th></tr>
  <tr><td>Print or copy, black and white, A4</td><td>€0.10 per page</td></tr>
  <tr><td>Print or copy, colour, A4</td><td>€0.50 per page</td></tr>
  <tr><td>Scanning to USB stick or email</td><td>free</td></tr>
  <tr><td>3D printing (members only)</td><td>€0.10 per gram, minimum €1.00</td></tr>
</table>
<p>Fees are paid at the front desk.</p>`,
  ),

  '/rooms': layout(
    'Room booking',
    `
<table class="rooms">
  <thead><tr><th>Room</th><th>Seats</th><th>Price</th><th>Notes</th></tr></thead>
  <tbody>
    <tr><td>Study room 1 or 2</td><td>4</td><td>free for members</td><td>up to 2 hours per day; bookable up to 7 days ahead</td></tr>
    <tr><td>Meeting room</td><td>12</td><td>€15.00 per hour (registered charities and clubs: €8.00 per hour)</td><td>screen and whiteboard</td></tr>
    <tr><td>Event hall</td><td>60</td><td>€40.00 per hour</td><td>chairs and a sound system included</td></tr>
  </tbody>
</table>
<h2>Booking rules</h2>
<ul>
  <li>Study rooms are booked online with your library card number or at the front desk.</li>
  <li>The meeting room and the event hall must be booked at least 3 working days in advance, by email to rooms@millbrooklibrary.example or at the desk.</li>
  <li>A booking cancelled less than 24 hours before it starts is charged in full.</li>
  <li>No food in the study rooms; drinks in bottles with a lid are fine.</li>
  <li>Rooms must be left tidy and vacated at closing time.</li>
</ul>`,
  ),

  '/events': layout(
    'Events',
    `
<p>All events are free and need no booking unless stated otherwise.</p>
<table class="events">
  <thead><tr><th>Event</th><th>When</th><th>Where</th><th>Details</th></tr></thead>
  <tbody>
    <tr><td>Storytime for toddlers (ages 2–4)</td><td>Tuesdays at 10:30</td><td>Children's library</td><td>stories, songs and rhymes with a grown-up</td></tr>
    <tr><td>Chess club</td><td>Thursdays 17:00–19:00</td><td>Meeting room</td><td>all levels; boards provided</td></tr>
    <tr><td>Repair café</td><td>First Saturday of the month, 10:00–13:00</td><td>Event hall</td><td>volunteers fix small appliances, bikes and clothes</td></tr>
    <tr><td>English conversation group</td><td>Mondays 14:00–15:30</td><td>Meeting room</td><td>for people learning English</td></tr>
    <tr><td>Author talk: Helen Marsh on her novel "The Salt Road"</td><td>Friday 22 January 2027, 19:00</td><td>Event hall</td><td>tickets €5.00, library members €3.00, from the front desk</td></tr>
  </tbody>
</table>
<table class="extras">
  <tr><th>Coming up in spring</th></tr>
  <tr><td>Local history walk – dates to be announced</td></tr>
</table>`,
  ),

  '/digital': layout(
    'Digital library',
    `
<h2>E-books and e-audiobooks</h2>
<p>Members can borrow e-books and e-audiobooks in the Millbrook eLibrary app with their card number and PIN: up to 5 titles at a time, each for 2 weeks.</p>
<h2>Computers and wifi</h2>
<p>Eight public computers on the ground floor can be booked for one hour per day; the session can be extended when nobody is waiting.</p>
<p>Wifi is free throughout the building. Network: Millbrook-Library-Guest; the password is available at the front desk.</p>
<h2>Online newspapers</h2>
<p>With your library card you can read over 200 newspapers and magazines online from home.</p>`,
  ),

  '/contact': layout(
    'Contact',
    `
<p>Phone: 01632 960 300 (during opening hours)</p>
<p>Email: info@millbrooklibrary.example – we answer within two working days.</p>
<p>Room bookings: rooms@millbrooklibrary.example</p>
<p>Address: 14 Station Road, Millbrook MB3 2QL</p>
<p>Follow us for news and events on our newsletter: sign up at the front desk.</p>`,
  ),

  '/news/summer-reading': layout(
    'Summer Reading Challenge: the results are in',
    `
<p>Published 2 September 2026.</p>
<p>This summer 412 children took part in the Summer Reading Challenge and read six books each over the holidays. Everyone who finished received a medal and a certificate at our celebration on 30 August.</p>
<p>Thank you to our volunteers. The challenge returns next July.</p>`,
  ),
};

const HELD_OUT: BenchConversation[] = [
  // Opening hours
  [
    question('what time do u open on tuesday', 'typo', [['10:00', '10am', '10 am', '10.00']], {
      tags: ['table'],
    }),
    question('and till when?', 'follow-up', [['20:00', '8pm', '8 pm', '8.00', '8:00']], { tags: ['table'] }),
    question('saturday?', 'follow-up', [['14:00', '2pm', '2 pm', '2:00', '2.00']], { tags: ['table'] }),
  ],
  [question('are you open sundays', 'direct', [['closed', 'not open']], { tags: ['yes-no', 'table'] })],
  [
    question('which evening do you stay open latest', 'paraphrase', [['tuesday'], ['thursday']], {
      tags: ['superlative', 'table'],
    }),
  ],
  [
    question('are you open on christmas eve?', 'direct', [['closed', 'not open']], {
      tags: ['yes-no'],
    }),
    question('what about new years eve', 'follow-up', [['13:00', '1pm', '1 pm', '1:00', '1.00']], {
      not: ['20:00', '8pm', '8 pm'],
    }),
  ],
  [
    question('can I drop stuff off when youre shut', 'paraphrase', [['box']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question('where do i park', 'direct', [['mill lane']])],
  [question('is parking free', 'direct', [['2 hours', 'two hours']], { tags: ['yes-no'] })],
  [
    question("i'm in a wheelchair, can i get upstairs?", 'paraphrase', [['lift', 'elevator']], {
      noSharedWord: true,
    }),
  ],
  [question('which floor is the kids section', 'paraphrase', [['first floor', '1st floor']])],
  [
    question('is the childrens library open in february', 'direct', [['closed', 'renovation'], ['13']], {
      tags: ['yes-no'],
    }),
  ],
  // Membership
  [
    question('how much is a library card', 'direct', [['free']], { tags: ['table'] }),
    question('how much does it cost to join if i live outside town', 'paraphrase', [eur('15')], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [question('what do i need to bring to sign up', 'paraphrase', [['id', 'identification'], ['address']])],
  [
    question('how many books can i borrow at once', 'direct', [['12', 'twelve']]),
    question('and on my kids card?', 'follow-up', [['6', 'six']]),
  ],
  [
    question('how long can i keep a book', 'direct', [['3 weeks', 'three weeks', '21 days']]),
    question('dvds as well?', 'follow-up', [['1 week', 'one week', '7 days', 'seven days']]),
  ],
  [
    question(
      'can i renew online',
      'direct',
      [['twice', '2 times', 'two times', 'two renewals', '2 renewals']],
      { tags: ['yes-no'] },
    ),
  ],
  [question('lost my card what do i do', 'direct', [eur('3')])],
  // Fees
  [
    question('late fee for a book?', 'synonym', [[...eur('0.20'), '20 cent', '20c', '20p']], {
      tags: ['table'],
    }),
    question('is there a max', 'follow-up', [eur('6')], { tags: ['table'] }),
  ],
  [
    question(
      'penalty if a movie comes back too late?',
      'synonym',
      [eur('1'), ['per day', 'a day', 'each day', 'daily']],
      {
        noSharedWord: true,
        tags: ['table'],
      },
    ),
  ],
  [
    question(
      'do kids have to pay fines?',
      'direct',
      [['never', 'no fines', 'no overdue', 'not charged', "don't", 'don’t', 'do not', 'no late']],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question('how much to print in colour', 'direct', [[...eur('0.50'), '50 cent', '50c']], {
      tags: ['table'],
    }),
  ],
  [question('can i scan stuff to a usb stick, what does it cost', 'direct', [['free']], { tags: ['table'] })],
  [question('3d printer price', 'direct', [['per gram', 'a gram', '/g']], { tags: ['table'] })],
  [
    question('how much to reserve a book', 'direct', [[...eur('0.50'), '50 cent', '50c']], {
      tags: ['table'],
    }),
  ],
  [
    question('u dont have the title i want, can u order it in?', 'paraphrase', [eur('4')], {
      tags: ['table'],
    }),
    question('how long does that take', 'follow-up', [['2 weeks', 'two weeks', '14 days']]),
  ],
  // Rooms
  [
    question('somewhere calm to revise for exams?', 'paraphrase', [['study room']], { noSharedWord: true }),
    question('how long can I have it for', 'follow-up', [['2 hours', 'two hours']]),
  ],
  [
    question('how much is the meetng room', 'typo', [eur('15')], { tags: ['table'] }),
    question("we're a charity, is it cheaper for us?", 'follow-up', [eur('8')], {
      tags: ['yes-no', 'table'],
    }),
  ],
  [
    question('biggest room you have?', 'paraphrase', [['hall'], ['60', 'sixty']], {
      tags: ['superlative', 'table'],
    }),
  ],
  [
    question('how far ahead must i book the event hall', 'direct', [
      ['3 working days', 'three working days'],
    ]),
  ],
  [
    question('if i cancel on the day do i still pay', 'paraphrase', [['24 hours', '24h', '24 hrs', 'full']], {
      tags: ['yes-no'],
    }),
  ],
  [
    question(
      'can we eat in the study room',
      'direct',
      [['no food', 'not allowed', 'food is not', 'not permitted']],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question('which rooms fit a group of 10', 'paraphrase', [['meeting room']], {
      tags: ['filter', 'table'],
    }),
  ],
  [question('cheapest room to hire?', 'paraphrase', [['study room']], { tags: ['superlative', 'table'] })],
  // Events
  [
    question('anything on for my 3 year old?', 'paraphrase', [['storytime', 'story time'], ['tuesday']], {
      noSharedWord: true,
      tags: ['table'],
    }),
    question(
      'do i need to book?',
      'follow-up',
      [
        [
          'no booking',
          'no need',
          'drop in',
          'drop-in',
          'not required',
          'not necessary',
          "don't need",
          'do not need',
          'don’t need',
        ],
      ],
      { tags: ['yes-no'] },
    ),
  ],
  [
    question('chess clubb when?', 'typo', [['thursday'], ['17:00', '5pm', '5 pm', '5:00', '5.00']], {
      tags: ['table'],
    }),
  ],
  [
    question('when can someone look at my broken toaster', 'paraphrase', [['first saturday']], {
      noSharedWord: true,
      tags: ['table'],
    }),
  ],
  [
    question('is the author talk free', 'direct', [eur('5')], { tags: ['yes-no', 'table'] }),
    question('what if im a member', 'follow-up', [eur('3')], { tags: ['table'] }),
  ],
  // Digital
  [question('do you do ebooks', 'direct', [['app', 'elibrary', 'e-library']], { tags: ['yes-no'] })],
  [
    question('can i use a pc here and for how long', 'synonym', [['1 hour', 'one hour', '60 minutes']], {
      noSharedWord: true,
    }),
  ],
  [question('wifi password?', 'direct', [['desk', 'counter', 'reception']])],
  [
    question('is there a way to browse the press from my couch', 'paraphrase', [['online']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [question('phone number?', 'direct', [['01632 960 300']], { not: ['960 410'] })],
  // Worded apart from the passage that answers them
  [
    question('can i get there on public transport', 'paraphrase', [['bus', 'station', 'train']], {
      noSharedWord: true,
    }),
  ],
  [
    question('is there a loo i can use in a wheelchair', 'synonym', [['ground floor']], {
      noSharedWord: true,
      tags: ['yes-no'],
    }),
  ],
  [
    question(
      "i'm new to the country, somewhere to practise speaking?",
      'paraphrase',
      [['monday'], ['14:00', '2pm', '2 pm', '2:00', '2.00']],
      {
        noSharedWord: true,
        tags: ['table'],
      },
    ),
  ],
  [question('what if i wreck a book', 'synonym', [['replacement', 'replace']], { noSharedWord: true })],
  // Not in the knowledge
  [question('can i get an a3 photocopy', 'unanswerable', undefined, { tags: ['near-miss', 'table'] })],
  [question('can i return my books at ashford library', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is there a cafe inside', 'unanswerable')],
  [
    question('how many people can go on the local history walk', 'unanswerable', undefined, {
      tags: ['near-miss'],
    }),
  ],
  [question('do you sell second hand books', 'unanswerable')],
  [question('can i bring my dog in', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('whats the fine for a late ebook', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is there a projector in the meeting room', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('what time does storytime finish', 'unanswerable', undefined, { tags: ['near-miss', 'table'] })],
  [question('are you open easter monday', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('can i pay my fines by card', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('is chess club ok for 8 year olds', 'unanswerable', undefined, { tags: ['near-miss'] })],
  [question('are you hiring at the moment?', 'unanswerable', undefined, { tags: ['near-miss'] })],
];

export const librarySite: Dataset = {
  name: 'town library website (HTML pages with tables, sidebars and notices) [held-out]',
  kind: 'site',
  material: [{ type: 'site', pages: PAGES }],
  conversations: [],
  heldOut: HELD_OUT,
};
