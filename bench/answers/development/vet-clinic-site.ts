// Development dataset written on 2026-11-29 for tuning: the website of Alder Lane Veterinary Practice, a
// made-up independent small-animal practice in Ballymorran, Co. Wicklow (Ireland, prices in euro) — seven
// HTML pages linked from the home page (the nav bar, the home page's cards and the sidebars' links), each in
// the same chrome (cookie banner, header with the phone number and a "Book online" button, footer with
// address, phone, the emergency clinic's number, social links and copyright), served by a local HTTP server
// and crawled from '/' (crawl "site"). Some pages have a sidebar: a "Pet Health Club" box (monthly plans
// for dogs €19.50, cats €16, rabbits €9, with free nail clips and 10 % off), a "See also" box of internal
// links, and, on the services and FAQ pages, a box about the independent dog groomer next door, Suds & Snips,
// whose prices and hours (nail trim €8, full groom from €45, doggy day care €28 a day, open on Sundays
// 10:00 – 14:00) are not the practice's own. The content holds HTML tables (consultation prices, vaccinations
// by species, neutering by species and dog weight with "from" prices, other procedures, opening hours by day
// with a lunchtime closure, the team with special interests and working days), an emergencies section (the
// partner out-of-hours clinic Wicklow Emergency Vets in Rathnew, 0404 61 900, with an out-of-hours surcharge
// of €95, or €140 after midnight and on Sundays and bank holidays), new clients and appointments
// (registration, online and phone booking, cancellation fees of €25 under 24 hours and €60 for operations
// under 48 hours, payment methods, 3-month payment plans, direct claims with three insurers), an FAQ in
// <details>/<summary>, and a news page whose dated notices override the other pages (Christmas and New Year
// hours, closing at 13:00 on Wednesday 9 December 2026, new prices from 1 January 2027 — consultation €55 →
// €59, dog booster €65 → €69 — and Dr. Keller on leave 7 – 18 December 2026).
//
// Its questions were written blind on 2026-11-29, from the knowledge below alone (without reading the
// engine, its tests or any benchmark output), as a development set: conversations of one or two
// questions, with direct, paraphrased, synonym, typo, follow-up and unanswerable ones (near misses tagged,
// one of them about the groomer's day care asked as if about the practice), yes/no questions, one-row table
// questions with a neighbouring row's value in `not`, superlatives, filters, and questions answered by a
// notice with the general rule's value in `not`.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { NOT_ACCEPTED, ask, at, eur, nearMiss, offTopic } from './helpers.js';

const NAV: Array<[string, string]> = [
  ['/', 'Home'],
  ['/services', 'Services & prices'],
  ['/hours', 'Opening hours & emergencies'],
  ['/new-clients', 'New clients & appointments'],
  ['/team', 'Our team'],
  ['/faq', 'FAQ'],
  ['/news', 'News'],
];

const ALSO: Record<string, Array<[string, string]>> = {
  '/services': [
    ['/news', 'New prices from 1 January 2027'],
    ['/new-clients', 'Payment plans and insurance'],
    ['/team', 'Our rabbit vet'],
  ],
  '/hours': [
    ['/news', 'Christmas opening hours'],
    ['/new-clients', 'Book an appointment'],
  ],
  '/team': [
    ['/news', 'Dr. Keller on leave in December'],
    ['/services', 'Services & prices'],
  ],
  '/news': [
    ['/hours', 'Opening hours & emergencies'],
    ['/services', 'Services & prices'],
  ],
};

const HEALTH_CLUB = `
      <div class="widget club">
        <h3>Pet Health Club</h3>
        <p>Spread the cost of routine care with a monthly plan:</p>
        <ul>
          <li>Dogs: €19.50 a month</li>
          <li>Cats: €16 a month</li>
          <li>Rabbits: €9 a month</li>
        </ul>
        <p>Includes the yearly vaccination, two health checks a year, flea and worm treatment, free nail clips, and 10 % off other treatments and food bought at the practice (not at Wicklow Emergency Vets). Minimum 12 months. Ask at reception.</p>
      </div>`;

const GROOMER = `
      <div class="widget neighbour">
        <h3>Our neighbours at No. 16</h3>
        <p><strong>Suds &amp; Snips Dog Grooming</strong> is an independent business next door.</p>
        <ul>
          <li>Full groom from €45</li>
          <li>Bath and dry from €30</li>
          <li>Nail trim €8</li>
          <li>Doggy day care €28 a day</li>
          <li>Open Tuesday – Saturday 9:00 – 17:00, Sunday 10:00 – 14:00</li>
        </ul>
        <p>Bookings: 0404 67 880</p>
      </div>`;

const WITH_CLUB = new Set(['/', '/services', '/new-clients']);
const WITH_GROOMER = new Set(['/services', '/faq']);

const aside = (path: string) => {
  const also = ALSO[path];
  if (!also && !WITH_CLUB.has(path) && !WITH_GROOMER.has(path)) return '';
  const alsoBox = also
    ? `
      <div class="widget also">
        <h3>See also</h3>
        <ul>${also.map(([href, label]) => `<li><a href="${href}">${label}</a></li>`).join('')}</ul>
      </div>`
    : '';
  return `
    <aside class="sidebar">${alsoBox}${WITH_CLUB.has(path) ? HEALTH_CLUB : ''}${WITH_GROOMER.has(path) ? GROOMER : ''}
    </aside>`;
};

const layout = (path: string, title: string, main: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Alder Lane Veterinary Practice</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Alder Lane Veterinary Practice: independent small-animal vets in Ballymorran, Co. Wicklow.">
<link rel="stylesheet" href="/assets/site.css"></head>
<body class="page-${path === '/' ? 'home' : path.slice(1)}">
  <div id="cookies" class="cookie-banner" role="dialog" aria-label="Cookies">
    <p>This website uses cookies that it needs to work and for our online booking and, with your consent, cookies for anonymous visitor statistics.</p>
    <button class="btn">Accept all</button> <button class="btn btn-outline">Necessary only</button>
  </div>
  <header class="site-header">
    <a class="logo" href="/"><img src="/assets/logo.svg" alt="Alder Lane Vets"> Alder Lane Veterinary Practice</a>
    <div class="header-tools">
      <a class="header-phone" href="tel:+35340467215">0404 67 215</a>
      <a class="btn btn-book" href="/new-clients#booking">Book online</a>
    </div>
  </header>
  <nav class="main-nav" aria-label="Main"><ul>${NAV.map(
    ([href, label]) => `<li${href === path ? ' class="active"' : ''}><a href="${href}">${label}</a></li>`,
  ).join('')}</ul></nav>
  <div class="layout">
    <main id="content">
      <h1>${title}</h1>
      ${main}
    </main>${aside(path)}
  </div>
  <footer class="site-footer">
    <div class="footer-col">
      <h4>Alder Lane Veterinary Practice</h4>
      <p>14 Alder Lane · Ballymorran · Co. Wicklow · A67 F3K8</p>
      <p>Tel. 0404 67 215 · hello@alderlanevets.ie</p>
      <p>Out of hours: Wicklow Emergency Vets, 0404 61 900</p>
    </div>
    <div class="footer-col">
      <h4>Follow us</h4>
      <p><a href="https://www.facebook.com/alderlanevets">Facebook</a> · <a href="https://www.instagram.com/alderlanevets">Instagram</a></p>
    </div>
    <div class="footer-col footer-legal">
      <p>Registered with the Veterinary Council of Ireland</p>
      <p>© 2026 Alder Lane Veterinary Practice Ltd · <span>Cookie settings</span></p>
    </div>
  </footer>
</body></html>`;

const HOME = `
      <p class="lead">Alder Lane Veterinary Practice is an independent, family-run practice for small animals in Ballymorran, Co. Wicklow. Dr. Niamh Brennan opened the practice in 2004; today a team of four vets and three nurses cares for dogs, cats, rabbits, guinea pigs, ferrets and other small pets.</p>
      <p>We do not treat horses, farm animals, birds or reptiles.</p>
      <p>Our practice has an in-house laboratory, digital X-ray, ultrasound and a dental suite, a separate cat waiting room, and a free car park with 12 spaces behind the building.</p>
      <section class="news-teaser">
        <h2>News</h2>
        <p><strong>Christmas opening hours, new prices from 1 January 2027 and Dr. Keller’s leave in December:</strong> see our <a href="/news">news page</a>.</p>
      </section>
      <section class="teasers">
        <div class="card"><h2><a href="/services">Services &amp; prices</a></h2><p>Consultations, vaccinations, neutering, dentistry and more.</p></div>
        <div class="card"><h2><a href="/hours">Opening hours &amp; emergencies</a></h2><p>What to do when your pet needs help urgently.</p></div>
        <div class="card"><h2><a href="/new-clients">New clients</a></h2><p>Register in five minutes and book online.</p></div>
        <div class="card"><h2><a href="/team">Meet the team</a></h2><p>Our vets and nurses, and when they work.</p></div>
      </section>
      <blockquote class="review">“Dr. Ryan was so patient with our nervous old collie, and the nurses called us after the operation to say how he was.” – Google review, September 2026</blockquote>
      <p>Questions? Read our <a href="/faq">FAQ</a> or call us on 0404 67 215.</p>`;

const SERVICES = `
      <p>All prices include VAT and are for the service alone; medicines, laboratory tests and dressings are charged separately unless stated.</p>
      <h2>Consultations</h2>
      <table class="prices">
        <thead><tr><th>Service</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>Standard consultation (15 minutes)</td><td>€55</td></tr>
          <tr><td>Repeat consultation for the same problem within 10 days</td><td>€30</td></tr>
          <tr><td>Extended consultation (30 minutes: second opinions, behaviour, older pets)</td><td>€85</td></tr>
          <tr><td>New Client Health Check (first consultation for each newly registered pet)</td><td>€35</td></tr>
          <tr><td>Nurse clinic (weight checks, suture removal, post-operative checks)</td><td>free</td></tr>
          <tr><td>Home visit (within 10 km of the practice, weekdays only)</td><td>from €120</td></tr>
        </tbody>
      </table>
      <h2>Vaccinations</h2>
      <table class="prices">
        <thead><tr><th>Species</th><th>Vaccination</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>Dog</td><td>Puppy primary course (2 injections, 2 – 4 weeks apart)</td><td>€95</td></tr>
          <tr><td>Dog</td><td>Annual booster</td><td>€65</td></tr>
          <tr><td>Dog</td><td>Kennel cough (intranasal, protects for 1 year)</td><td>€38</td></tr>
          <tr><td>Cat</td><td>Kitten primary course (2 injections)</td><td>€85</td></tr>
          <tr><td>Cat</td><td>Annual booster</td><td>€58</td></tr>
          <tr><td>Rabbit</td><td>Myxomatosis and RHD2, combined (yearly)</td><td>€52</td></tr>
          <tr><td>Ferret</td><td>Distemper (yearly)</td><td>€44</td></tr>
          <tr><td>Dog, cat or ferret</td><td>Rabies (needed for travel)</td><td>€48</td></tr>
        </tbody>
      </table>
      <p>Every annual booster includes a full health check with the vet. If a booster is more than 3 months late, your pet may need to restart the primary course.</p>
      <h2>Neutering</h2>
      <table class="prices">
        <thead><tr><th>Pet</th><th>Castration (male)</th><th>Spay (female)</th></tr></thead>
        <tbody>
          <tr><td>Cat</td><td>€95</td><td>€140</td></tr>
          <tr><td>Rabbit</td><td>€110</td><td>€165</td></tr>
          <tr><td>Dog under 20 kg</td><td>€260</td><td>€340</td></tr>
          <tr><td>Dog 20 – 40 kg</td><td>€320</td><td>€410</td></tr>
          <tr><td>Dog over 40 kg</td><td>from €380</td><td>from €480</td></tr>
        </tbody>
      </table>
      <p>Neutering prices include the anaesthetic, pain relief to take home, a buster collar and post-operative checks with a nurse. A pre-anaesthetic blood test costs €45; it is recommended for all pets and required for pets aged 8 or over.</p>
      <p>We neuter cats and rabbits from 4 months, dogs from 6 months (breeds expected to weigh over 25 kg: from 12 months). A bitch cannot be spayed while in season: we wait 3 months after her season.</p>
      <h2>Dentistry and other procedures</h2>
      <table class="prices">
        <thead><tr><th>Service</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>Microchipping, including registration on the national database</td><td>€30 (€15 when done under anaesthetic for another procedure)</td></tr>
          <tr><td>Dental scale and polish under general anaesthetic</td><td>from €290 (extractions from €25 per tooth)</td></tr>
          <tr><td>Nail clip</td><td>€12 (free for Pet Health Club members)</td></tr>
          <tr><td>Anal gland expression</td><td>€20</td></tr>
          <tr><td>EU pet passport</td><td>€60</td></tr>
          <tr><td>Written prescription to buy medicines elsewhere</td><td>€15</td></tr>
        </tbody>
      </table>
      <p>By law every dog in Ireland must be microchipped by the age of 12 weeks.</p>`;

const HOURS = `
      <h2>Opening hours</h2>
      <table class="hours">
        <thead><tr><th>Day</th><th>Morning</th><th>Afternoon</th></tr></thead>
        <tbody>
          <tr><td>Monday</td><td>8:30 – 13:00</td><td>14:00 – 19:30</td></tr>
          <tr><td>Tuesday</td><td>8:30 – 13:00</td><td>14:00 – 18:00</td></tr>
          <tr><td>Wednesday</td><td>8:30 – 13:00</td><td>14:00 – 18:00</td></tr>
          <tr><td>Thursday</td><td>8:30 – 13:00</td><td>14:00 – 19:30</td></tr>
          <tr><td>Friday</td><td>8:30 – 13:00</td><td>14:00 – 18:00</td></tr>
          <tr><td>Saturday</td><td>9:00 – 13:00</td><td>closed</td></tr>
          <tr><td>Sunday and bank holidays</td><td>closed</td><td>closed</td></tr>
        </tbody>
      </table>
      <p>We close for lunch from 13:00 to 14:00 on weekdays; during lunch the phone is answered for emergencies only. The last consultation starts 15 minutes before closing.</p>
      <p>Saturday mornings are for booked appointments and emergencies; the dispensary counter is open for collecting medicines and food.</p>
      <h2>Emergencies during opening hours</h2>
      <p>Call 0404 67 215 and tell the receptionist it is an emergency. We see emergencies straight away, before booked appointments.</p>
      <h2>Out of hours</h2>
      <p>From closing time on weekdays, from 13:00 on Saturdays, and all day on Sundays and bank holidays, our clients are looked after by <strong>Wicklow Emergency Vets</strong>, Unit 4, Broomhall Business Park, Rathnew (14 km from us, about 20 minutes by car). Always phone them first on <strong>0404 61 900</strong> so they can get ready for you.</p>
      <p>Wicklow Emergency Vets is a separate practice with its own prices. On top of treatment it charges an out-of-hours surcharge of €95 (€140 between midnight and 8:00, and all day on Sundays and bank holidays), payable on the night. Their vet sends the notes to us the next morning, and your pet can be transferred back to us for follow-up care.</p>
      <h2>Poisoning</h2>
      <p>If your pet has eaten chocolate, grapes or raisins, rat bait, ibuprofen or (cats) any part of a lily, call us straight away (out of hours: Wicklow Emergency Vets), even if your pet seems well. Do not make your pet vomit at home.</p>
      <h2>Signs that cannot wait</h2>
      <ul>
        <li>Difficulty breathing or collapse</li>
        <li>A swollen, hard belly in a dog, especially after a meal</li>
        <li>A male cat straining without passing urine</li>
        <li>A fit lasting more than 5 minutes</li>
        <li>Heavy bleeding</li>
        <li>A rabbit that has not eaten or passed droppings for 12 hours</li>
      </ul>`;

const NEW_CLIENTS = `
      <h2>Registering with us</h2>
      <p>Registration is free. Fill in the registration form online or at reception (about 5 minutes) with your pet’s name, age and breed and the name of your previous vet; with your consent we request your pet’s records from them.</p>
      <p>Each newly registered pet’s first consultation is a New Client Health Check at €35 instead of €55, if booked within 3 months of registering.</p>
      <h2 id="booking">Booking an appointment</h2>
      <p>Book consultations and vaccinations online at any time through our booking page, where you can also choose your vet, or call 0404 67 215 during opening hours. Operations, dental procedures and home visits are booked by phone only.</p>
      <p>Same-day appointments are kept every day for sick pets: call from 8:30.</p>
      <h2>On the day of an operation</h2>
      <p>Admission is between 8:30 and 9:15. No food after 20:00 the evening before; water is fine. Rabbits and guinea pigs must not be starved: bring some of their usual food.</p>
      <p>Most pets go home the same day from 16:00; we phone you when yours is ready.</p>
      <h2>Cancellations</h2>
      <p>If you cannot make an appointment, please let us know at least 24 hours before. Appointments cancelled with less than 24 hours’ notice, or missed, are charged a €25 fee.</p>
      <p>For operations and dental procedures, the fee is €60 if cancelled less than 48 hours before.</p>
      <p>We waive the fee if your pet has been admitted to the emergency clinic. Cancel by phone or with the link in your reminder text message; we cannot accept cancellations by email or Facebook message.</p>
      <h2>Payment</h2>
      <p>Payment is due when your pet is seen (for operations, when you collect your pet). We accept cash, Visa, Mastercard, debit cards, Apple Pay and Google Pay. We do not accept cheques or American Express.</p>
      <h2>Payment plans</h2>
      <p>For bills over €400, clients registered with us for at least 6 months can spread the cost over 3 monthly payments without interest: one third is paid on the day, the rest by card on the same date in each of the next two months.</p>
      <h2>Pet insurance</h2>
      <p>We claim directly from Petplan, Allianz and FBD Insurance for bills over €250: you pay only your excess and any amount your policy does not cover, and we send the claim. The insurer must agree to a direct claim before treatment, except in an emergency.</p>
      <p>With other insurers you pay the full bill and claim it back; we complete your claim form for a fee of €15 per claim.</p>`;

const TEAM = `
      <p>Our vets are registered with the Veterinary Council of Ireland and our nurses are Registered Veterinary Nurses (RVN). If you would like to see a particular vet, say so when you book.</p>
      <h2>Our vets</h2>
      <table class="team">
        <thead><tr><th>Name</th><th>Special interests</th><th>Days at the practice</th></tr></thead>
        <tbody>
          <tr><td>Dr. Niamh Brennan MVB (practice owner)</td><td>Orthopaedic and soft-tissue surgery</td><td>Monday, Tuesday, Thursday, Friday</td></tr>
          <tr><td>Dr. Tomás Ryan MVB CertAVP</td><td>Internal medicine, heart scans and ultrasound</td><td>Monday, Wednesday, Thursday, Saturday</td></tr>
          <tr><td>Dr. Hannah Keller MVB</td><td>Rabbits and small furries, dentistry</td><td>Tuesday, Wednesday, Friday, Saturday</td></tr>
          <tr><td>Dr. Ciarán O’Shea MVB</td><td>Behaviour consultations, older pets</td><td>Thursday and Friday afternoons</td></tr>
        </tbody>
      </table>
      <h2>Our nurses</h2>
      <table class="team">
        <thead><tr><th>Name</th><th>Role</th><th>Days at the practice</th></tr></thead>
        <tbody>
          <tr><td>Aoife Murphy RVN</td><td>Head nurse; weight clinics and nurse clinics</td><td>Monday to Thursday</td></tr>
          <tr><td>Sophie Walsh RVN</td><td>Cat advocate; anaesthesia</td><td>Wednesday to Saturday</td></tr>
          <tr><td>Liam Doyle</td><td>Student veterinary nurse</td><td>Monday, Tuesday and Friday</td></tr>
        </tbody>
      </table>
      <h2>Reception</h2>
      <p>Mary Kavanagh, our practice manager, runs reception, accounts and insurance claims, Monday to Friday.</p>`;

const FAQ = `
      <section class="faq">
        <details><summary>Do I need an appointment?</summary>
          <p>Yes, for consultations, vaccinations and nurse clinics. Emergencies are seen without an appointment during opening hours: please phone on your way. You can collect medicines and food without an appointment.</p></details>
        <details><summary>How do I order repeat medication?</summary>
          <p>Order online or by phone at least 48 hours (2 working days) ahead. We can prescribe long-term medication without a consultation if a vet has seen your pet in the last 6 months.</p></details>
        <details><summary>Do you make home visits?</summary>
          <p>Yes, on weekday afternoons between 14:00 and 16:00, within 10 km of the practice, from €120. Further away by arrangement, at €2 per extra km.</p></details>
        <details><summary>How should I bring my pet?</summary>
          <p>Cats and small pets must come in a secure carrier, dogs on a lead. Cats have their own waiting room on the left as you come in; covering the carrier with a towel helps a nervous cat.</p></details>
        <details><summary>Is the practice accessible?</summary>
          <p>Yes: step-free entrance, an accessible parking space by the door and an accessible toilet.</p></details>
        <details><summary>Can you help me travel abroad with my pet?</summary>
          <p>Yes. To travel to another EU country, a dog, cat or ferret needs a microchip, a rabies vaccination given at least 21 days before travel, and an EU pet passport (€60). Dogs coming back into Ireland also need a tapeworm treatment given by a vet 1 to 5 days before arrival.</p></details>
        <details><summary>Do you sell pet food?</summary>
          <p>We stock prescription diets and a range of Hill’s and Royal Canin dry and wet foods. Other foods ordered by 12:00 can be collected the next working day.</p></details>
        <details><summary>I found an injured wild animal or a stray dog. What should I do?</summary>
          <p>Bring it in during opening hours: we treat injured wildlife free of charge and pass it on to Wicklow Wildlife Rescue. Stray dogs are scanned for a microchip free of charge; if there is none, we contact the county council’s dog warden.</p></details>
      </section>`;

const NEWS = `
      <article class="notice">
        <p class="date">Posted on 20 November 2026</p>
        <h2>Christmas and New Year opening hours</h2>
        <ul>
          <li>Thursday 24 December: 8:30 – 13:00 (no afternoon surgery)</li>
          <li>Friday 25 and Saturday 26 December: closed</li>
          <li>Monday 28 to Wednesday 30 December: normal hours</li>
          <li>Thursday 31 December: 8:30 – 13:00 and 14:00 – 16:00</li>
          <li>Friday 1 January 2027: closed</li>
          <li>Saturday 2 January: normal hours (9:00 – 13:00)</li>
        </ul>
        <p>While we are closed, Wicklow Emergency Vets (0404 61 900) looks after our clients. Please order repeat medication by Monday 21 December.</p>
      </article>
      <article class="notice">
        <p class="date">Posted on 12 November 2026</p>
        <h2>New prices from 1 January 2027</h2>
        <p>From 1 January 2027 the standard consultation goes up from €55 to €59, and the dog annual booster from €65 to €69. The New Client Health Check stays at €35 and all other prices are unchanged. Pet Health Club monthly fees do not change in 2027.</p>
      </article>
      <article class="notice">
        <p class="date">Posted on 2 November 2026</p>
        <h2>Dr. Keller on leave from 7 to 18 December</h2>
        <p>Dr. Hannah Keller is on leave from Monday 7 to Friday 18 December 2026. During that time Dr. Niamh Brennan sees rabbits and small furries, and non-urgent dental procedures are moved to the week of 21 December. Dr. Brennan also works on Saturday morning 12 December in Dr. Keller’s place.</p>
      </article>
      <article class="notice">
        <p class="date">Posted on 25 October 2026</p>
        <h2>Closing early on Wednesday 9 December</h2>
        <p>On Wednesday 9 December 2026 the practice closes at 13:00 for staff first-aid training. That afternoon, please call Wicklow Emergency Vets on 0404 61 900 for emergencies.</p>
      </article>`;

/** The site's pages by path ('/' is the home page; the nav bar links to every page). */
export const VET_CLINIC_PAGES: Record<string, string> = {
  '/': layout('/', 'Alder Lane Veterinary Practice', HOME),
  '/services': layout('/services', 'Services & prices', SERVICES),
  '/hours': layout('/hours', 'Opening hours & emergencies', HOURS),
  '/new-clients': layout('/new-clients', 'New clients & appointments', NEW_CLIENTS),
  '/team': layout('/team', 'Our team', TEAM),
  '/faq': layout('/faq', 'Frequently asked questions', FAQ),
  '/news': layout('/news', 'News', NEWS),
};

const LATE_EVENING = ['19:30', '7:30 pm', '7:30pm', '7.30 pm', '7.30pm', '19.30'];
const KELLER = ['keller', 'hannah'];
const RYAN = ['ryan', 'tomás', 'tomas'];
const BRENNAN = ['brennan', 'niamh'];
const EMERGENCY_PHONE = ['61 900', '61900'];

const CONVERSATIONS: BenchConversation[] = [
  // Services & prices
  [
    question('how much to spay a cat', 'direct', [eur('140')], { not: ['€95', '95 €'], tags: ['table'] }),
    question('and a rabbit?', 'follow-up', [eur('165')], { not: ['€110', '110 €'], tags: ['table'] }),
  ],
  ask('price for castrating a 30kg dog', 'direct', [eur('320')], {
    not: ['€260', '260 €', '€380', '380 €'],
    tags: ['table'],
  }),
  ask('hw much to spay a labrador 35kg', 'typo', [eur('410')], {
    not: ['€340', '340 €', '€480', '480 €'],
    tags: ['table'],
  }),
  ask('how much to get my tomcat done', 'paraphrase', [eur('95')], {
    not: ['€140', '140 €'],
    tags: ['table'],
  }),
  ask('cheapest vaccination?', 'direct', [['kennel cough'], eur('38')], { tags: ['superlative', 'table'] }),
  ask('how much is the annual booster for a cat', 'direct', [eur('58')], {
    not: ['€65', '65 €', '€69', '69 €'],
    tags: ['table'],
  }),
  ask('how much are the jabs for a kitten', 'synonym', [eur('85')], {
    not: ['€58', '58 €'],
    tags: ['table'],
  }),
  ask('how much do you charge for a nail clip', 'direct', [eur('12')], {
    not: ['€8', '8 €'],
    tags: ['table'],
  }),
  ask('do you do microchiping', 'typo', [eur('30')], { tags: ['yes-no', 'table'] }),
  ask("what does it cost to get tartar removed from my cat's mouth", 'synonym', [eur('290')], {
    noSharedWord: true,
    tags: ['table'],
  }),
  ask(
    'how old does a kitten have to be before she can be fixed',
    'paraphrase',
    [['4 months', 'four months']],
    {
      noSharedWord: true,
    },
  ),
  ask(
    'do you see parrots?',
    'synonym',
    [['bird', 'do not treat', "don't treat", 'does not treat', 'not treat']],
    {
      noSharedWord: true,
      tags: ['yes-no'],
    },
  ),
  ask('how much will the dog booster be in 2027', 'direct', [eur('69')], { tags: ['table'] }),

  // Opening hours & emergencies
  ask('wat time do u open monday', 'typo', [at('08:30')], { tags: ['table'] }),
  ask('what time do you open on saturday', 'direct', [at('09:00')], { tags: ['table'] }),
  ask('are you open on sundays', 'direct', [['closed', 'not open', "aren't open", 'are not open']], {
    tags: ['yes-no', 'table'],
  }),
  ask('do you close for lunch', 'direct', [at('13:00'), at('14:00')], { tags: ['yes-no'] }),
  ask('what time do you close on wednesday', 'direct', [at('18:00')], { not: LATE_EVENING, tags: ['table'] }),
  ask("what's the latest you're open", 'direct', [LATE_EVENING], { tags: ['superlative', 'table'] }),
  ask('which evenings are you open late', 'paraphrase', [['monday'], ['thursday']], {
    noSharedWord: true,
    tags: ['filter', 'table'],
  }),
  [
    question("who do i call for an emergency when you're closed", 'direct', [
      ['wicklow emergency'],
      EMERGENCY_PHONE,
    ]),
    question('how much extra do they charge?', 'follow-up', [eur('95')]),
  ],
  ask('emergancy number?', 'typo', [EMERGENCY_PHONE]),
  ask('out of hours surcharge on a sunday', 'direct', [eur('140')]),
  ask('my dog ate chocolate what do i do', 'direct', [
    ['vomit', 'straight away', 'immediately', 'right away', 'at once'],
  ]),

  // New clients & appointments
  ask('how do i register as a new client', 'direct', [
    ['registration form', 'online form', 'form online', 'fill in', 'at reception'],
  ]),
  ask('is it free to sign up as a new client?', 'paraphrase', [['free', 'no charge', 'no fee']], {
    tags: ['yes-no'],
  }),
  ask('how much is the first consult for a new client', 'direct', [eur('35')]),
  ask(
    "what's the soonest i can get seen if my dog's poorly today",
    'paraphrase',
    [['same-day', 'same day', 'today'], at('08:30')],
    { noSharedWord: true },
  ),
  [
    question('what time do i drop my dog off for his operation', 'direct', [at('08:30'), at('09:15')]),
    question('can he eat breakfast that morning?', 'follow-up', [[...at('20:00'), 'no food']], {
      tags: ['yes-no'],
    }),
  ],
  ask('when can I pick my dog up after his op', 'paraphrase', [at('16:00')], { noSharedWord: true }),
  ask('cancelation fee?', 'typo', [eur('25')]),
  ask("what happens if i don't turn up to my appointment", 'paraphrase', [eur('25')]),
  ask("what if I need to call off my dog's surgery the day before", 'paraphrase', [eur('60')], {
    noSharedWord: true,
  }),
  ask('can i pay by cheque', 'direct', [[...NOT_ACCEPTED, 'do not take', "don't take", 'no cheque']], {
    tags: ['yes-no'],
  }),
  ask(
    'any financing options for expensive treatment?',
    'synonym',
    [
      [
        '3 monthly',
        'three monthly',
        '3 payments',
        'three payments',
        '3 months',
        'three months',
        '3 instalments',
        'three instalments',
      ],
    ],
    { noSharedWord: true, tags: ['yes-no'] },
  ),
  ask('which insurers do you claim directly from', 'direct', [['petplan'], ['allianz'], ['fbd']]),
  ask("do i have to pay the whole bill upfront if i'm with petplan", 'paraphrase', [['excess']], {
    tags: ['yes-no'],
  }),
  ask('how much is the pet health club for a dog', 'direct', [['19.50', '19,50']], { not: ['€16', '16 €'] }),

  // Team
  ask('which vets work on saturdays', 'direct', [RYAN, KELLER], { not: ['shea'], tags: ['filter', 'table'] }),
  ask('wich vets r in on fridays', 'typo', [BRENNAN, KELLER, ['shea', 'ciarán', 'ciaran']], {
    not: RYAN,
    tags: ['filter', 'table'],
  }),
  ask('which days does dr brennan work', 'direct', [['monday'], ['tuesday'], ['thursday'], ['friday']], {
    tags: ['table'],
  }),
  ask('which vet does dentistry', 'direct', [KELLER], { tags: ['table'] }),
  ask('which of your vets is best for cardiology?', 'synonym', [RYAN], {
    noSharedWord: true,
    tags: ['table'],
  }),

  // FAQ
  ask('can the vet come to my house?', 'paraphrase', [eur('120')], { noSharedWord: true, tags: ['yes-no'] }),
  ask("can i get my dog's tablets without bringing him in", 'paraphrase', [['6 months', 'six months']], {
    tags: ['yes-no'],
  }),
  ask('can i get in with a wheelchair?', 'synonym', [['step-free', 'step free', 'accessible']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('what does my dog need to go to france', 'paraphrase', [
    ['rabies'],
    ['passport'],
    ['microchip', 'chip'],
  ]),
  ask('can i buy kibble from you', 'synonym', [['hill', 'royal canin', 'prescription diet']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // News: notices that override the general hours and team days
  ask('are you open on christmas eve', 'paraphrase', [at('13:00')], { not: LATE_EVENING, tags: ['yes-no'] }),
  ask("are you open on new year's day", 'direct', [['closed', 'not open', "aren't open", 'are not open']], {
    tags: ['yes-no'],
  }),
  ask('what time do you close on 31 december', 'direct', [at('16:00')], { not: LATE_EVENING }),
  ask('are you open on the afternoon of wednesday 9 december', 'direct', [[...at('13:00'), 'training']], {
    not: ['18:00'],
    tags: ['yes-no'],
  }),
  [
    question(
      'can i see dr keller on 10 december?',
      'direct',
      [['leave', 'away', 'holiday', 'not available', 'unavailable', 'not working', "isn't working"]],
      { tags: ['yes-no'] },
    ),
    question('so who sees rabbits then?', 'follow-up', [BRENNAN]),
  ],

  // Unanswerable: near misses (the first is the groomer's service next door, not the practice's)
  nearMiss('do you offer doggy day care'),
  nearMiss('how much does an x-ray cost'),
  nearMiss('do you do hydrotherapy for dogs after surgery'),
  nearMiss('can you neuter my guinea pig, how much is it'),
  nearMiss('how much is a cremation at the practice'),
  nearMiss('do you do acupuncture for older dogs'),
  nearMiss('is there a bus from wicklow town to the practice'),
  // Unanswerable: off topic
  offTopic("what's the best dog breed for a small flat"),
  offTopic('whats the weather in wicklow tomorrow'),
  offTopic('how many hours a day do cats sleep'),
  offTopic('is it legal to keep a fox as a pet in ireland'),
  offTopic('write me a poem about my hamster'),
  offTopic('how do i renew my driving licence'),
];

export const vetClinicSite: Dataset = {
  name: 'small veterinary practice (website with price tables, team days and notices)',
  kind: 'site',
  material: [{ type: 'site', pages: VET_CLINIC_PAGES }],
  conversations: CONVERSATIONS,
  heldOut: [],
};
