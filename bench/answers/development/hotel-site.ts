// Development dataset written on 2026-11-28 for tuning: the website of the Hotel Uferhaus, a made-up
// family-run hotel of 21 rooms on the shore of the Mirsee in Kaltenbrunn (Bavaria) — nine HTML pages linked
// from the home page (the nav bar, the header's "Book now" button and the footer's imprint and privacy
// links), each in the same chrome (cookie banner, header, breadcrumbs, footer with address, phone and legal
// links), served by a local HTTP server and crawled from '/' (crawl "site"). Some pages have a sidebar with
// a "You may also like" box of internal links, and the rooms, spa and FAQ pages a box about the hotel's
// sister house, the Berggasthof Almrausch in Oberau, whose prices, hours and facilities (rooms from €79,
// dogs free, tennis court, cooking classes, sauna 14:00 – 22:00, e-bikes €32, check-in from 14:00) are not
// the Uferhaus's own. The content holds HTML tables (room types with size, beds, guests, view and prices in
// low and high season; a room comparison in a <table class="related"> and room extras in a
// <table class="extras">, main content despite the class names; rates, children's prices, cancellation
// fees, restaurant hours, a menu, sauna hours, treatments, bike and boat hire, shuttle times), an FAQ in
// <details>/<summary>, an imprint, and a news page whose dated notices override rules of other pages (the
// spa closed for renovation 11 – 29 January 2027, the restaurant closed on Tuesdays and Wednesdays from
// 3 November 2026 to 25 March 2027, no station shuttle on 24 – 26 December 2026).
//
// Its questions were written blind on 2026-11-28, from the knowledge below alone (without reading the
// engine, its tests or any benchmark output), as a development set: conversations of one or two
// questions, with direct, paraphrased, synonym, typo, follow-up and unanswerable ones (near misses tagged,
// two of them about the sister house's facilities asked as if about the hotel), yes/no questions, one-row
// table questions with a neighbouring row's value in `not`, superlatives, filters, and questions answered
// by a notice with the general rule's value in `not`.
import { question, type BenchConversation, type Dataset } from '../dataset.js';
import { ask, eur, nearMiss, offTopic } from './helpers.js';

const NAV: Array<[string, string]> = [
  ['/', 'Home'],
  ['/rooms', 'Rooms & suites'],
  ['/rates', 'Rates & booking'],
  ['/restaurant', 'Restaurant'],
  ['/spa', 'Spa & activities'],
  ['/getting-here', 'Getting here'],
  ['/faq', 'FAQ'],
  ['/news', 'News'],
];

const ALSO: Record<string, Array<[string, string]>> = {
  '/rooms': [
    ['/spa', 'Sauna included in every stay'],
    ['/rates', 'Children’s prices'],
    ['/restaurant', 'Half-board in the Seestube'],
  ],
  '/restaurant': [
    ['/news', 'Winter hours of the Seestube'],
    ['/rooms', 'Picnic basket for the jetty'],
    ['/spa', 'Book a massage'],
  ],
  '/spa': [
    ['/news', 'Spa renovation in January'],
    ['/getting-here', 'Explore the lake by bus'],
    ['/rooms', 'Rooms with a lake view'],
  ],
  '/news': [
    ['/restaurant', 'Restaurant'],
    ['/spa', 'Spa & activities'],
    ['/getting-here', 'Station shuttle'],
  ],
};

const PARTNER = `
      <div class="widget partner">
        <h3>Our sister house in the mountains</h3>
        <p><strong>Berggasthof Almrausch</strong>, Oberau – 25 km from the Uferhaus, at 1,100 m.</p>
        <ul>
          <li>Rooms from €79 a night</li>
          <li>Dogs stay free</li>
          <li>Tennis court and cooking classes every Thursday</li>
          <li>Sauna daily 14:00 – 22:00</li>
          <li>E-bike hire €32 a day</li>
          <li>Check-in from 14:00</li>
        </ul>
        <a class="btn btn-outline" href="https://www.almrausch-oberau.de">almrausch-oberau.de</a>
      </div>`;

const WITH_PARTNER = new Set(['/rooms', '/spa', '/faq']);

const aside = (path: string) => {
  const also = ALSO[path];
  if (!also && !WITH_PARTNER.has(path)) return '';
  const alsoBox = also
    ? `
      <div class="widget also">
        <h3>You may also like</h3>
        <ul>${also.map(([href, label]) => `<li><a href="${href}">${label}</a></li>`).join('')}</ul>
      </div>`
    : '';
  return `
    <aside class="sidebar">${alsoBox}${WITH_PARTNER.has(path) ? PARTNER : ''}
      <div class="widget newsletter">
        <h3>Newsletter</h3>
        <p>Offers and news from the lake, four times a year.</p>
        <form><input type="email" placeholder="Your email address"><button>Subscribe</button></form>
      </div>
    </aside>`;
};

const layout = (path: string, title: string, main: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Hotel Uferhaus am Mirsee</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="Hotel Uferhaus: family-run lakeside hotel in Kaltenbrunn am Mirsee, Bavaria.">
<link rel="stylesheet" href="/assets/style.css"></head>
<body class="page-${path === '/' ? 'home' : path.slice(1)}">
  <div id="cookie-consent" class="cookie-banner" role="dialog" aria-label="Cookies">
    <p>We use cookies that this website needs to work and, if you agree, cookies for anonymous statistics and our booking calendar. More in our <a href="/imprint#privacy">privacy policy</a>.</p>
    <button class="btn">Accept all</button> <button class="btn btn-outline">Necessary only</button> <button class="btn btn-link">Settings</button>
  </div>
  <header class="site-header">
    <a class="logo" href="/"><img src="/assets/logo.svg" alt="Hotel Uferhaus"> Hotel Uferhaus</a>
    <span class="tagline">am Mirsee · Kaltenbrunn</span>
    <div class="header-tools">
      <a class="header-phone" href="tel:+4980259130">+49 8025 9130</a>
      <span class="lang"><span>DE</span> | <strong>EN</strong></span>
      <a class="btn btn-book" href="/rates#book">Book now</a>
    </div>
  </header>
  <nav class="main-nav" aria-label="Main"><ul>${NAV.map(
    ([href, label]) => `<li${href === path ? ' class="active"' : ''}><a href="${href}">${label}</a></li>`,
  ).join('')}</ul></nav>
  <div class="breadcrumbs"><a href="/">Home</a> › <span>${title}</span></div>
  <div class="layout">
    <main id="content">
      <h1>${title}</h1>
      ${main}
    </main>${aside(path)}
  </div>
  <footer class="site-footer">
    <div class="footer-col">
      <h4>Hotel Uferhaus</h4>
      <p>Seepromenade 9 · 83727 Kaltenbrunn am Mirsee · Germany</p>
      <p>Tel. +49 8025 9130 · info@uferhaus-mirsee.de</p>
    </div>
    <div class="footer-col">
      <h4>Follow us</h4>
      <p><a href="https://www.instagram.com/uferhaus.mirsee">Instagram</a> · <a href="https://www.facebook.com/uferhaus.mirsee">Facebook</a></p>
    </div>
    <div class="footer-col footer-legal">
      <p><a href="/imprint">Imprint</a> · <a href="/imprint#privacy">Privacy</a> · <span>Cookie settings</span></p>
      <p>Member of Bavarian Lakeside Hotels</p>
      <p>© 2026 Uferhaus Lechner GmbH &amp; Co. KG</p>
    </div>
  </footer>
</body></html>`;

const HOME = `
      <p class="lead">Welcome to the Uferhaus, a family-run hotel right on the eastern shore of the Mirsee. Since 1962 the Lechner family has welcomed guests to Kaltenbrunn; today Katharina and Tobias Lechner run the house with a team of 18.</p>
      <p>Our 21 rooms and suites look out over the lake or our old orchard. Swim from our own bathing jetty, take a rowing boat out, warm up in the sauna after a day in the mountains and end the evening with fish from the lake in our restaurant, the Seestube.</p>
      <section class="news-teaser">
        <h2>News</h2>
        <p><strong>Spa closed for renovation from 11 to 29 January 2027.</strong> Changed restaurant hours this winter: see our <a href="/news">news page</a>.</p>
      </section>
      <section class="teasers">
        <div class="card"><h2><a href="/rooms">Rooms &amp; suites</a></h2><p>From €89 a night, breakfast included.</p></div>
        <div class="card"><h2><a href="/restaurant">Restaurant Seestube</a></h2><p>Fish from the Mirsee and Bavarian classics on the lake terrace.</p></div>
        <div class="card"><h2><a href="/spa">Spa &amp; activities</a></h2><p>Saunas, massages, bikes and boats.</p></div>
        <div class="card"><h2><a href="/getting-here">Getting here</a></h2><p>An hour from Munich, with a free shuttle from the station.</p></div>
      </section>
      <blockquote class="review">“Wonderful breakfast and the best view of the lake we have ever had from a hotel room.” – Guest review, October 2026</blockquote>
      <p>Questions before you book? Read our <a href="/faq">FAQ</a> or call us.</p>`;

const ROOMS = `
      <p>All rooms have a private bathroom, flat-screen TV, safe, a kettle with tea and coffee, and free Wi-Fi. Prices are per room and night with the breakfast buffet included (flexible rate).</p>
      <h2>Our rooms at a glance</h2>
      <table class="rooms">
        <thead><tr><th>Room type</th><th>Size</th><th>Beds</th><th>Max. guests</th><th>View</th><th>Low season</th><th>High season</th></tr></thead>
        <tbody>
          <tr><td>Garden Single</td><td>16 m²</td><td>Single bed (100 cm)</td><td>1</td><td>Orchard</td><td>€89</td><td>€109</td></tr>
          <tr><td>Garden Double</td><td>22 m²</td><td>Double bed (160 cm)</td><td>2</td><td>Orchard</td><td>€129</td><td>€159</td></tr>
          <tr><td>Lake View Double</td><td>24 m²</td><td>Double bed (180 cm)</td><td>2</td><td>Lake</td><td>€154</td><td>€184</td></tr>
          <tr><td>Balcony Double</td><td>28 m²</td><td>Double bed (180 cm)</td><td>2 (+1 on an extra bed)</td><td>Lake</td><td>€179</td><td>€215</td></tr>
          <tr><td>Family Room</td><td>34 m²</td><td>Double bed (180 cm) and bunk bed</td><td>4</td><td>Orchard</td><td>€195</td><td>€238</td></tr>
          <tr><td>Junior Suite</td><td>40 m²</td><td>King-size bed (200 cm) and sofa bed</td><td>3 (+1 on an extra bed)</td><td>Lake</td><td>€229</td><td>€276</td></tr>
          <tr><td>Tower Suite</td><td>55 m²</td><td>King-size bed (200 cm) and double sofa bed</td><td>4</td><td>Lake and mountains</td><td>€289</td><td>€349</td></tr>
        </tbody>
      </table>
      <p>Low season: 2 November to 31 March, except 22 December to 6 January. High season: 1 April to 1 November and 22 December to 6 January.</p>
      <h2>Compare the rooms</h2>
      <table class="related">
        <thead><tr><th>Room type</th><th>Balcony or terrace</th><th>Bathroom</th><th>Air conditioning</th><th>Dogs allowed</th></tr></thead>
        <tbody>
          <tr><td>Garden Single</td><td>–</td><td>Shower</td><td>–</td><td>yes</td></tr>
          <tr><td>Garden Double</td><td>Garden terrace</td><td>Shower</td><td>–</td><td>yes</td></tr>
          <tr><td>Lake View Double</td><td>–</td><td>Shower</td><td>–</td><td>–</td></tr>
          <tr><td>Balcony Double</td><td>Balcony facing the lake</td><td>Shower</td><td>–</td><td>–</td></tr>
          <tr><td>Family Room</td><td>Garden terrace</td><td>Bathtub and separate toilet</td><td>–</td><td>yes</td></tr>
          <tr><td>Junior Suite</td><td>Balcony facing the lake</td><td>Bathtub and rain shower</td><td>yes</td><td>–</td></tr>
          <tr><td>Tower Suite</td><td>Roof terrace (20 m²)</td><td>Bathtub and rain shower</td><td>yes</td><td>–</td></tr>
        </tbody>
      </table>
      <h2>Extras for your room</h2>
      <table class="extras">
        <thead><tr><th>Extra</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>Baby cot and high chair</td><td>free</td></tr>
          <tr><td>Early check-in from 11:00 (on request)</td><td>€30</td></tr>
          <tr><td>Bouquet of seasonal flowers</td><td>€26</td></tr>
          <tr><td>Bottle of Franciacorta on ice on arrival</td><td>€48</td></tr>
          <tr><td>Picnic basket for two</td><td>€38</td></tr>
          <tr><td>Feather-free bedding for allergy sufferers</td><td>free</td></tr>
        </tbody>
      </table>
      <p>All rooms are non-smoking. Extras can be ordered when you book or at reception.</p>`;

const RATES = `
      <h2>What is included</h2>
      <p>Our room prices are per room and night in the flexible rate and include:</p>
      <ul>
        <li>The breakfast buffet with regional products, served in the Seestube</li>
        <li>Use of the spa: Finnish sauna, bio sauna, steam bath and relaxation room</li>
        <li>Bathrobe, slippers and a spa bag in your room</li>
        <li>Free Wi-Fi and parking in our outdoor car park</li>
        <li>The Mirsee guest card: free buses around the lake and 10 % off the lake steamer</li>
      </ul>
      <p>Not included: the local tourist tax of €2.60 per adult and night (children under 16 are exempt).</p>
      <h2>Our rates</h2>
      <table class="rates">
        <thead><tr><th>Rate</th><th>Price</th><th>Breakfast</th><th>Cancellation</th></tr></thead>
        <tbody>
          <tr><td>Flexible rate</td><td>Room price as listed on <a href="/rooms">Rooms &amp; suites</a></td><td>Included</td><td>See cancellation fees below</td></tr>
          <tr><td>Saver rate</td><td>12 % less than the flexible rate</td><td>Not included: €24 per adult, €12 per child aged 3 to 14</td><td>Non-refundable, paid in full when you book</td></tr>
          <tr><td>Long stay (7 nights or more)</td><td>10 % less than the flexible rate</td><td>Included</td><td>See cancellation fees below</td></tr>
        </tbody>
      </table>
      <p>On Fridays and Saturdays in high season we accept stays of at least 2 nights.</p>
      <h2>Children</h2>
      <p>Children sharing their parents’ room pay per night, breakfast included:</p>
      <table class="children">
        <thead><tr><th>Age</th><th>Price per night</th></tr></thead>
        <tbody>
          <tr><td>0 – 2 years</td><td>free (baby cot on request)</td></tr>
          <tr><td>3 – 6 years</td><td>€25</td></tr>
          <tr><td>7 – 14 years</td><td>€42</td></tr>
          <tr><td>15 years and older</td><td>€62 (adult rate)</td></tr>
        </tbody>
      </table>
      <p>Extra bed: €35 per night for the bed, plus the price of the person sleeping in it from the table above. Extra beds fit in the Balcony Double and the Junior Suite only.</p>
      <h2>Deposit and payment</h2>
      <p>When you book, we ask for a deposit of 30 % of the total price, payable within 7 days by bank transfer or credit card. The rest is paid on departure.</p>
      <p>We accept cash, Girocard, Visa and Mastercard; we do not accept American Express.</p>
      <h2>Cancellation fees</h2>
      <p>For the flexible rate and the long stay rate:</p>
      <table class="cancellation">
        <thead><tr><th>Cancellation received</th><th>Fee</th></tr></thead>
        <tbody>
          <tr><td>Up to 21 days before arrival</td><td>free of charge</td></tr>
          <tr><td>20 to 8 days before arrival</td><td>40 % of the booked stay</td></tr>
          <tr><td>7 to 1 days before arrival</td><td>70 % of the booked stay</td></tr>
          <tr><td>On the day of arrival, or no-show</td><td>90 % of the booked stay</td></tr>
        </tbody>
      </table>
      <p>If you leave earlier than booked, we charge 70 % of the nights you do not stay. We recommend travel cancellation insurance.</p>
      <h2 id="book">How to book</h2>
      <p>Check free rooms and book in our online booking calendar, call us on +49 8025 9130 or write to info@uferhaus-mirsee.de. You receive your confirmation by email within one working day.</p>
      <div class="booking-widget"><label>Arrival <input type="date"></label> <label>Departure <input type="date"></label> <label>Guests <select><option>1</option><option selected>2</option><option>3</option><option>4</option></select></label> <button>Check availability</button></div>`;

const RESTAURANT = `
      <p>Our restaurant Seestube with its lake terrace serves breakfast to hotel guests, and lunch and dinner to everyone. Our fish comes from the Mirsee fisherman Georg Huber, our vegetables from farms around the lake.</p>
      <h2>Opening hours</h2>
      <table class="hours">
        <thead><tr><th>Day</th><th>Breakfast</th><th>Lunch</th><th>Dinner</th></tr></thead>
        <tbody>
          <tr><td>Monday – Friday</td><td>7:00 – 10:30</td><td>12:00 – 14:00</td><td>18:00 – 21:30</td></tr>
          <tr><td>Saturday</td><td>7:30 – 11:00</td><td>12:00 – 14:30</td><td>18:00 – 22:00</td></tr>
          <tr><td>Sunday and public holidays</td><td>7:30 – 11:30</td><td>12:00 – 14:30</td><td>18:00 – 21:00</td></tr>
        </tbody>
      </table>
      <p>The Seestube is open every day of the week. From April to October we serve coffee and cake on the terrace from 14:30 to 17:00.</p>
      <p>Last orders 30 minutes before closing. For dinner please reserve a table at reception or on +49 8025 9130-50.</p>
      <h2>Breakfast</h2>
      <p>A buffet with bread from the village bakery, eggs from our own hens, cheese from the Kaltenbrunn dairy and smoked fish from the lake. Gluten-free and lactose-free products are available on request.</p>
      <p>Breakfast is included in the flexible rate. Guests on the saver rate pay €24 (children aged 3 to 14: €12). Non-hotel guests are welcome for €28 per person; please reserve the day before.</p>
      <p>Breakfast served in your room costs a surcharge of €9 per room.</p>
      <h2>From our menu</h2>
      <table class="menu">
        <thead><tr><th>Dish</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>Beef consommé with pancake strips</td><td>€7.40</td></tr>
          <tr><td>Smoked whitefish with horseradish and rye bread</td><td>€13.90</td></tr>
          <tr><td>Fried whitefish from the Mirsee with potato and cucumber salad</td><td>€24.50</td></tr>
          <tr><td>Char fillet with herb butter and parsley potatoes</td><td>€27.90</td></tr>
          <tr><td>Wiener schnitzel of veal with lingonberries</td><td>€26.50</td></tr>
          <tr><td>Spinach dumplings with brown butter and mountain cheese (vegetarian)</td><td>€17.80</td></tr>
          <tr><td>Kids’ schnitzel with fries</td><td>€11.20</td></tr>
          <tr><td>Kaiserschmarrn with plum compote</td><td>€13.60</td></tr>
          <tr><td>Three-course menu of the day (evenings)</td><td>€46.00</td></tr>
        </tbody>
      </table>
      <p>Half-board: hotel guests can add a three-course dinner for €39 per adult and night (children aged 3 to 14: €19).</p>
      <p>Dogs are welcome on the terrace but not inside the Seestube.</p>`;

const SPA = `
      <p>Our Seegarten Spa on the lower ground floor opens onto the garden and the lake. Its use is included for hotel guests; bathrobes and towels are in your room. Day guests are not admitted.</p>
      <h2>Sauna &amp; steam bath</h2>
      <table class="hours">
        <thead><tr><th>Day</th><th>Opening hours</th></tr></thead>
        <tbody>
          <tr><td>Monday – Friday</td><td>15:00 – 21:00</td></tr>
          <tr><td>Saturday and Sunday</td><td>11:00 – 21:00</td></tr>
        </tbody>
      </table>
      <p>Finnish sauna (90 °C), bio sauna (60 °C), steam bath, a cold plunge and a relaxation room with a view of the lake. The saunas are textile-free.</p>
      <p>Children under 14 may use the spa only during family time on Sundays, 11:00 – 14:00.</p>
      <p>We have no swimming pool: in summer our guests swim in the lake from our private bathing jetty (the water reaches about 23 °C in August).</p>
      <h2>Massages &amp; treatments</h2>
      <table class="treatments">
        <thead><tr><th>Treatment</th><th>Duration</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>Back and neck massage</td><td>25 min</td><td>€42</td></tr>
          <tr><td>Hay-flower wrap</td><td>30 min</td><td>€39</td></tr>
          <tr><td>Foot reflexology</td><td>40 min</td><td>€58</td></tr>
          <tr><td>Classic full-body massage</td><td>50 min</td><td>€76</td></tr>
          <tr><td>Hot stone massage</td><td>75 min</td><td>€112</td></tr>
        </tbody>
      </table>
      <p>Our masseuse Verena works from Wednesday to Sunday. Please book treatments at reception at least one day ahead. Appointments cancelled after 12:00 on the day before are charged in full.</p>
      <h2>Bikes &amp; boats</h2>
      <table class="hire">
        <thead><tr><th>For hire</th><th>Price</th></tr></thead>
        <tbody>
          <tr><td>City bike</td><td>€14 a day</td></tr>
          <tr><td>E-bike</td><td>€19 for half a day (up to 4 hours), €29 a day</td></tr>
          <tr><td>Child seat or bike trailer</td><td>free</td></tr>
          <tr><td>Rowing boat (up to 3 people)</td><td>€13 per hour</td></tr>
          <tr><td>Electric boat (up to 5 people)</td><td>€38 per hour</td></tr>
          <tr><td>Stand-up paddleboard</td><td>€16 per hour</td></tr>
        </tbody>
      </table>
      <p>Bikes can be hired all year at reception; please book e-bikes the day before. Boats and paddleboards are hired out at our jetty from 1 May to 15 October, daily from 9:00 to 19:00. Life jackets are included, and no licence is needed for the electric boat.</p>
      <h2>Out and about</h2>
      <p>Every Wednesday at 9:30, Tobias Lechner leads a free guided hike (about 3 hours) for hotel guests.</p>
      <p>Our guests get 20 % off the green fee at the Golfclub Mirsee, 6 km away.</p>`;

const GETTING_HERE = `
      <h2>Address</h2>
      <p>Hotel Uferhaus<br>Seepromenade 9<br>83727 Kaltenbrunn am Mirsee</p>
      <h2>By car</h2>
      <p>Take the A8 Munich – Salzburg to exit 98 Holzkirchen-Süd, then follow the signs to Kaltenbrunn (about 22 km). In Kaltenbrunn, turn left at the church into the Seepromenade. From Munich the drive takes about an hour.</p>
      <h2>Parking</h2>
      <ul>
        <li>Outdoor car park next to the hotel: free for hotel guests.</li>
        <li>Underground garage (14 spaces): €15 per night. Please reserve a space when you book.</li>
        <li>Electric cars: two 11 kW charging points in the underground garage, €0.49 per kWh, paid at reception. The garage fee applies.</li>
        <li>Motorbikes park free of charge in the garage.</li>
      </ul>
      <h2>By train</h2>
      <p>Kaltenbrunn station is 2.5 km from the hotel, on the RB 57 line from Munich Central Station (hourly, 65 minutes).</p>
      <p>Our free station shuttle picks you up on the station forecourt. Please tell us your arrival time at least 24 hours in advance.</p>
      <table class="shuttle">
        <thead><tr><th>Shuttle</th><th>Monday – Saturday</th><th>Sunday and public holidays</th></tr></thead>
        <tbody>
          <tr><td>Station → hotel</td><td>14:15, 16:15, 18:15</td><td>15:15, 17:15</td></tr>
          <tr><td>Hotel → station</td><td>9:30, 11:30</td><td>10:30</td></tr>
        </tbody>
      </table>
      <p>At other times a taxi from the station costs about €12 (Taxi Brandl, +49 8025 4040).</p>
      <h2>By bus</h2>
      <p>Bus 455 around the lake stops at “Uferhaus”, right in front of the hotel. It is free with the Mirsee guest card.</p>
      <h2>From the airport</h2>
      <p>Munich Airport is 90 km away. We arrange a private transfer for up to 4 people for €175 each way.</p>`;

const FAQ = `
      <section class="faq">
        <details><summary>When can I check in and out?</summary>
          <p>Check-in is from 15:00 to 21:00. If you arrive later, please let us know and we leave your key in the key safe by the entrance. Check-out is by 11:00.</p></details>
        <details><summary>Can I check out later?</summary>
          <p>Late check-out until 14:00 costs €35, subject to availability. Until 18:00 we charge half the room price.</p>
          <p>Your luggage can stay at reception for free on the day of departure.</p></details>
        <details><summary>Can I bring my dog?</summary>
          <p>Dogs are welcome in the Garden Single, Garden Double and Family Room, for €18 per dog and night (food not included). At most two dogs per room. Dogs are not allowed in the spa or inside the Seestube; the terrace is fine.</p></details>
        <details><summary>Is the hotel accessible?</summary>
          <p>A lift serves all floors. Room 104, a Garden Double on the ground floor, is adapted for wheelchair users: step-free shower, wider doors and grab rails. The spa can only be reached by stairs, and the bathing jetty is not step-free.</p></details>
        <details><summary>Is there Wi-Fi?</summary>
          <p>Yes, free Wi-Fi in all rooms and public areas: network “Uferhaus-Guest”, the password is printed on your key card holder. On the jetty the signal is weak.</p></details>
        <details><summary>When is reception open?</summary>
          <p>Daily from 7:00 to 22:00. In an emergency at night, call +49 170 441 2299.</p></details>
        <details><summary>Is smoking allowed?</summary>
          <p>The whole hotel is non-smoking, including balconies and terraces. You may smoke in the garden pavilion by the boathouse. For smoking in a room we charge a cleaning fee of €150.</p></details>
        <details><summary>Do you sell gift vouchers?</summary>
          <p>Yes, for any amount from €50, or for a stay or a massage. Vouchers are valid for 3 years and can be ordered at reception or by email.</p></details>
      </section>`;

const NEWS = `
      <article class="notice">
        <p class="date">Posted on 16 November 2026</p>
        <h2>Spa closed for renovation: 11 – 29 January 2027</h2>
        <p>We are building a new steam bath and renewing the relaxation room. From 11 January to 29 January 2027 the saunas, steam bath and relaxation room are closed. During this time our guests get free entry to the Mirsee Therme in Kaltenbrunn (thermal pools and saunas, 5 minutes by car): ask at reception for your ticket. Massages continue as usual in the Lake Lounge on the first floor.</p>
        <p>The spa reopens on Saturday 30 January 2027 at 11:00.</p>
      </article>
      <article class="notice">
        <p class="date">Posted on 2 November 2026</p>
        <h2>Winter hours of the Seestube</h2>
        <p>From 3 November 2026 to 25 March 2027 the Seestube is closed for lunch and dinner on Tuesdays and Wednesdays, our kitchen team’s rest days. Breakfast is served every day as usual. On these evenings hotel guests can order a Bavarian snack platter at the bar from 18:00 to 21:00 for €16.50.</p>
      </article>
      <article class="notice">
        <p class="date">Posted on 2 November 2026</p>
        <h2>Christmas: no station shuttle from 24 to 26 December</h2>
        <p>Our station shuttle does not run from 24 to 26 December 2026. Please take a taxi from the station; we refund the fare at reception.</p>
      </article>
      <article>
        <p class="date">Posted on 20 October 2026</p>
        <h2>New Year’s Eve at the Uferhaus</h2>
        <p>On 31 December 2026 we celebrate with a five-course gala dinner at €119 per person, including an aperitif and live music, followed by fireworks over the lake at midnight. Booking required; hotel guests with half-board pay a supplement of €80.</p>
      </article>
      <article>
        <p class="date">Posted on 20 October 2026</p>
        <h2>Boat season over</h2>
        <p>Boat and paddleboard hire has closed for the winter and reopens on 1 May 2027. Bikes and e-bikes can be hired all winter.</p>
      </article>`;

const IMPRINT = `
      <p>Uferhaus Lechner GmbH &amp; Co. KG<br>Seepromenade 9<br>83727 Kaltenbrunn am Mirsee<br>Germany</p>
      <p>Managing directors: Katharina Lechner, Tobias Lechner<br>Commercial register: Local Court Kaltenbrunn, HRA 2231<br>VAT ID: DE 284 119 607</p>
      <p>Phone: +49 8025 9130 · Email: info@uferhaus-mirsee.de</p>
      <h2 id="privacy">Privacy</h2>
      <p>We process your personal data only to handle your enquiry, booking and stay, and to meet our legal duties (for example the registration form required by law). We do not pass your data on to third parties for advertising.</p>
      <p>This website uses cookies that it needs to work. Statistics cookies are only set with your consent, which you can withdraw at any time under “Cookie settings”.</p>
      <p>For questions about your data, write to privacy@uferhaus-mirsee.de.</p>`;

/** The site's pages by path ('/' is the home page; the nav bar and the footer link to every page). */
export const HOTEL_PAGES: Record<string, string> = {
  '/': layout('/', 'Hotel Uferhaus am Mirsee', HOME),
  '/rooms': layout('/rooms', 'Rooms & suites', ROOMS),
  '/rates': layout('/rates', 'Rates & booking', RATES),
  '/restaurant': layout('/restaurant', 'Restaurant Seestube & breakfast', RESTAURANT),
  '/spa': layout('/spa', 'Spa & activities', SPA),
  '/getting-here': layout('/getting-here', 'Getting here & parking', GETTING_HERE),
  '/faq': layout('/faq', 'Frequently asked questions', FAQ),
  '/news': layout('/news', 'News', NEWS),
  '/imprint': layout('/imprint', 'Imprint & privacy', IMPRINT),
};

const pct = (n: string) => [`${n} %`, `${n}%`, `${n} percent`, `${n} per cent`];
const THREE_PM = ['15:00', '3 pm', '3pm', '15.00', '3 p.m.', '3:00 pm', '3:00pm'];
const ELEVEN = ['11:00', '11 am', '11am', '11.00', '11 a.m.', '11:00 am'];
const TWO_PM = ['14:00', '2 pm', '2pm', '14.00', '2 p.m.', '2:00 pm'];

const CONVERSATIONS: BenchConversation[] = [
  // Rooms
  [
    question('how big is the junior suite', 'direct', [['40 m', '40m', '40 square', '40 sq']], {
      not: ['55 m', '34 m'],
      tags: ['table'],
    }),
    question('how much a night in summer?', 'follow-up', [eur('276')], {
      not: ['€349', '349 €', '€238', '238 €'],
      tags: ['table'],
    }),
  ],
  ask('biggest room?', 'direct', [['tower suite']], { tags: ['superlative', 'table'] }),
  ask('cheapest room with a lake view', 'direct', [['lake view double'], eur('154')], {
    tags: ['superlative', 'table'],
  }),
  ask("what's the cheapest room you have", 'direct', [['garden single'], eur('89')], {
    not: ['€79', '79 €'],
    tags: ['superlative', 'table'],
  }),
  ask('which rooms sleep 4', 'direct', [['family room'], ['tower suite']], { tags: ['filter', 'table'] }),
  ask('wich rooms have aircon?', 'typo', [['junior suite'], ['tower suite']], { tags: ['filter', 'table'] }),
  ask('garden double price over christmas', 'direct', [eur('159')], {
    not: ['€129', '129 €'],
    tags: ['table'],
  }),
  ask('do you have a crib for our infant?', 'synonym', [['cot'], ['free']], {
    noSharedWord: true,
    tags: ['yes-no', 'table'],
  }),
  ask('can I get into my room before 3?', 'paraphrase', [ELEVEN, eur('30')], {
    noSharedWord: true,
    tags: ['yes-no', 'table'],
  }),

  // Rates, children, deposit, cancellation
  [
    question('is breakfast included', 'direct', [['flexible']], { tags: ['yes-no', 'table'] }),
    question('and if its not, how much is it', 'follow-up', [eur('24')], {
      not: ['€28', '28 €'],
      tags: ['table'],
    }),
  ],
  ask('our son is 15, does he pay the full price?', 'paraphrase', [eur('62')], {
    not: ['€42', '42 €'],
    tags: ['yes-no', 'table'],
  }),
  [
    question('how much is an extra bed', 'direct', [eur('35')]),
    question('which rooms can have one?', 'follow-up', [['balcony double'], ['junior suite']], {
      tags: ['filter'],
    }),
  ],
  ask('do you want money in advance?', 'paraphrase', [pct('30')], { noSharedWord: true, tags: ['yes-no'] }),
  [
    question('what does it cost to cancel 10 days before', 'direct', [pct('40')], {
      not: ['70 %', '70%'],
      tags: ['table'],
    }),
    question('and the day before?', 'follow-up', [pct('70')], { not: ['90 %', '90%'], tags: ['table'] }),
  ],
  ask('free cancelation until when?', 'typo', [['21 days', 'three weeks', '3 weeks']]),
  ask('do you take amex', 'synonym', [['american express']], { noSharedWord: true, tags: ['yes-no'] }),

  // Restaurant & breakfast
  ask(
    'what time is breakfast on sunday',
    'direct',
    [
      ['7:30', '7.30'],
      ['11:30', '11.30'],
    ],
    {
      not: ['11:00'],
      tags: ['table'],
    },
  ),
  [
    question('can we have dinner at the hotel on a tuesday in december?', 'direct', [['closed']], {
      not: ['21:30'],
      tags: ['yes-no'],
    }),
    question('so where do we get food that evening', 'follow-up', [['platter', 'bar']]),
  ],
  ask(
    'is there brekfast on wednesdays in january',
    'typo',
    [['every day', 'as usual', 'served daily', '10:30', '10.30']],
    { tags: ['yes-no'] },
  ),
  ask("what does breakfast cost if i'm not staying at the hotel", 'paraphrase', [eur('28')], {
    not: ['€24', '24 €'],
  }),
  ask('wiener schnitzl price', 'typo', [['26.50', '26,50']], { not: ['11.20', '11,20'], tags: ['table'] }),
  ask('can our pup come with us to supper in your restaurant?', 'synonym', [['terrace']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // Spa & activities
  ask('sauna opening hours on weekdays', 'direct', [THREE_PM, ['21:00', '9 pm', '9pm', '21.00']], {
    not: ['14:00', '22:00'],
    tags: ['table'],
  }),
  [
    question('can i use the sauna on 20 january', 'direct', [['closed'], ['renovation', 'therme']], {
      not: ['15:00'],
      tags: ['yes-no'],
    }),
    question('anywhere else we could go for a sauna then?', 'follow-up', [['mirsee therme', 'therme']]),
  ],
  ask('can I still get a massage during the spa renovation', 'paraphrase', [['lake lounge']], {
    tags: ['yes-no'],
  }),
  ask('longest massage you offer?', 'direct', [['hot stone'], ['75']], { tags: ['superlative', 'table'] }),
  ask('price for a 50 minute masage', 'typo', [eur('76')], { not: ['€58', '58 €'], tags: ['table'] }),
  ask('what does a rub for my shoulders cost', 'synonym', [eur('42')], {
    not: ['€39', '39 €'],
    noSharedWord: true,
    tags: ['table'],
  }),
  ask('can my 10 year old come in the sauna', 'paraphrase', [['sunday'], ELEVEN], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('can we go for a dip somewhere at the hotel?', 'synonym', [['jetty']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),
  ask('e-bike rental price', 'synonym', [eur('29')], { not: ['€32', '32 €'], tags: ['table'] }),
  ask('can we rent a boat in december', 'synonym', [['1 may', 'may 1', '1st may', '1st of may', 'may 1st']], {
    tags: ['yes-no'],
  }),
  ask('is there someone to show us trails on foot?', 'paraphrase', [['wednesday'], ['9:30', '9.30']], {
    noSharedWord: true,
    tags: ['yes-no'],
  }),

  // Getting here & parking
  ask('how much is the garage', 'direct', [eur('15')]),
  ask(
    'can i charge my tesla',
    'synonym',
    [
      ['11 kw', '11kw'],
      ['0.49', '0,49'],
    ],
    { tags: ['yes-no'] },
  ),
  [
    question('is there a shuttle from the train station', 'direct', [['free'], ['24 hours']], {
      tags: ['yes-no'],
    }),
    question(
      'what times on sunday?',
      'follow-up',
      [
        ['15:15', '3:15', '15.15'],
        ['17:15', '5:15', '17.15'],
      ],
      {
        not: ['14:15'],
        tags: ['table'],
      },
    ),
  ],
  ask('we arrive by train on christmas day, can you pick us up', 'paraphrase', [['taxi'], ['refund']], {
    not: ['15:15', '17:15'],
    tags: ['yes-no'],
  }),
  ask("what's your adress", 'typo', [['seepromenade 9']]),

  // FAQ
  ask('what time is check in', 'direct', [THREE_PM], { not: ['14:00'] }),
  [
    question('can we leave the room later on our last day', 'paraphrase', [eur('35'), TWO_PM], {
      tags: ['yes-no'],
    }),
    question('what about till 6pm', 'follow-up', [['half']]),
  ],
  ask(
    'our train leaves in the evening, can we keep our stuff somewhere after we leave the room?',
    'paraphrase',
    [['reception'], ['free']],
    { noSharedWord: true, tags: ['yes-no'] },
  ),
  [
    question('what do you charge for a pooch?', 'synonym', [eur('18')], {
      not: ['dogs stay free'],
      noSharedWord: true,
    }),
    question(
      'can he stay with us in a lake view room?',
      'follow-up',
      [['garden single', 'garden double', 'family room', 'garden room']],
      { tags: ['yes-no'] },
    ),
  ],
  ask('is the hotel wheelchair friendly', 'direct', [['104']], { tags: ['yes-no'] }),
  ask('how do i get online', 'paraphrase', [['uferhaus-guest', 'key card']], { noSharedWord: true }),
  [
    question('till when is somebody at the front desk', 'synonym', [['22:00', '10 pm', '10pm', '22.00']], {
      noSharedWord: true,
    }),
  ],

  // Unanswerable: near misses (the first two are the sister house's facilities, not the hotel's)
  nearMiss('do you have a tennis court?'),
  nearMiss('do you offer cooking classes at the hotel'),
  nearMiss('how high can a van be for the underground garage'),
  nearMiss('are there lifeguards at the bathing jetty'),
  nearMiss('do you have a babysitting service for the kids in the evening'),
  nearMiss('what brand are the toiletries in the bathroom'),
  nearMiss('is there a pharmacy in kaltenbrunn'),
  // Unanswerable: off topic
  offTopic('what will the weather be like this weekend'),
  offTopic('can you recommend a ski resort nearby?'),
  offTopic('how do I get a refund from deutsche bahn for a late train'),
  offTopic('how old do you have to be to rent a car in germany'),
  offTopic('can you help me write a complaint to my airline'),
  offTopic('whats a good present for my wife for our anniversary'),
];

export const hotelSite: Dataset = {
  name: 'small hotel (website with room tables, footer and a notice)',
  kind: 'site',
  material: [{ type: 'site', pages: HOTEL_PAGES }],
  conversations: CONVERSATIONS,
  heldOut: [],
};
