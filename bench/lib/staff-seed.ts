/**
 * Fills a migrated database that holds the demo catalogue (the app started on it once with SEED=demo) with
 * many students, each with one registration, for the staff search and export benchmarks. Set-based: every
 * table is one INSERT … SELECT over generate_series, so 100,000 students take seconds, not minutes.
 */
import pg from 'pg';
import { REJECT_REASON_CODES } from '@portal/shared/constants/staff';
import { DOCUMENT_TYPES } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import { PasswordHasher } from '../../apps/api/src/modules/accounts/passwords';
import { benchPassword, clientHash } from './student';

/**
 * The pepper the seeded password hash is made with. A benchmark that signs seeded students in starts the app
 * with `appEnvironment(url, { PASSWORD_PEPPER: staffBenchPepper })`; their password is `benchPassword`.
 */
export const staffBenchPepper = 'staff-bench-pepper-not-a-secret-0123456789';

interface SeededStudent {
  cnic: string;
  email: string;
  rollNo: string;
  phone: string;
  name: string;
}

// Common Pakistani names, the most common first: picks lean towards the head of each list, so that a name
// search meets the duplicates a real register has (hundreds of "Muhammad Ali Khan").
const maleFirstNames = [
  'Muhammad',
  'Muhammad Ali',
  'Ahmed',
  'Ali',
  'Muhammad Usman',
  'Hassan',
  'Hussain',
  'Muhammad Bilal',
  'Usman',
  'Bilal',
  'Umar',
  'Abdullah',
  'Hamza',
  'Zain',
  'Muhammad Hamza',
  'Saad',
  'Faisal',
  'Imran',
  'Kamran',
  'Asad',
  'Fahad',
  'Waqas',
  'Adnan',
  'Danish',
  'Shahzaib',
  'Haris',
  'Talha',
  'Arslan',
  'Junaid',
  'Irfan',
  'Naveed',
  'Tariq',
  'Zeeshan',
  'Shoaib',
  'Rizwan',
  'Sohail',
  'Salman',
  'Abdul Rehman',
  'Abdul Basit',
  'Owais',
  'Huzaifa',
  'Ammar',
  'Taimoor',
  'Noman',
  'Sajid',
  'Waleed',
  'Yasir',
  'Farhan',
  'Atif',
  'Raheel',
];
const femaleFirstNames = [
  'Ayesha',
  'Fatima',
  'Maryam',
  'Zainab',
  'Hira',
  'Sana',
  'Amna',
  'Iqra',
  'Mahnoor',
  'Khadija',
  'Sadia',
  'Rabia',
  'Nimra',
  'Areeba',
  'Alishba',
  'Anum',
  'Mehwish',
  'Saba',
  'Sidra',
  'Kiran',
  'Hafsa',
  'Laiba',
  'Eman',
  'Aqsa',
  'Bushra',
  'Nida',
  'Rimsha',
  'Javeria',
  'Tehreem',
  'Uzma',
];
const lastNames = [
  'Khan',
  'Ahmed',
  'Ali',
  'Hussain',
  'Malik',
  'Butt',
  'Sheikh',
  'Qureshi',
  'Chaudhry',
  'Iqbal',
  'Raza',
  'Siddiqui',
  'Akhtar',
  'Javed',
  'Shah',
  'Abbasi',
  'Mirza',
  'Baig',
  'Aslam',
  'Anwar',
  'Riaz',
  'Hashmi',
  'Rana',
  'Bhatti',
  'Awan',
  'Gill',
  'Memon',
  'Ansari',
  'Zaidi',
  'Rizvi',
  'Jutt',
  'Mughal',
  'Niazi',
  'Khattak',
  'Yousafzai',
  'Baloch',
  'Soomro',
  'Shaikh',
  'Kazmi',
  'Farooq',
];
/** The first five digits of a CNIC: the issuing district (Karachi, Lahore, Islamabad, Peshawar, Quetta…). */
const cnicDistricts = [
  '42101',
  '42201',
  '42301',
  '35202',
  '35201',
  '61101',
  '17301',
  '54400',
  '37405',
  '33100',
];
/** Mobile network codes after the 03: Jazz, Zong, Ufone, Telenor. */
const mobileCodes = [
  '00',
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '11',
  '12',
  '13',
  '14',
  '15',
];
const emailDomains = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
];
/** The cities of the demo batches, and other large ones, are where most applicants live. */
const bigCities = [
  'Karachi',
  'Lahore',
  'Islamabad',
  'Rawalpindi',
  'Faisalabad',
  'Peshawar',
  'Multan',
  'Hyderabad',
];

/** Query parameters by name: `add` returns the placeholder, so the SQL below reads by meaning, not by $n. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown, type: string): string {
    this.values.push(value);
    return `($${this.values.length}::${type})`;
  }
}

/** A pick from a list, leaning towards its head (`skew` > 1) for a draw `r` in [0, 1). */
const pick = (list: string, r: string, skew = 1) =>
  `(${list})[1 + floor(cardinality(${list}) * power(${r}, ${skew}))::int]`;

interface Lists {
  cities: string[];
  provinces: string[];
  qualifications: string[];
  cancelReasons: string[];
  offers: { batchId: string; courseId: string; mode: string }[];
}

/** What the demo catalogue put in the database: the reference lists and the open, unrestricted offers. */
async function readLists(client: pg.Client): Promise<Lists> {
  const list = async (name: string) =>
    (
      await client.query<{ value: string; parent: string }>(
        'select value, parent from reference_items where list = $1 order by position',
        [name],
      )
    ).rows;
  const cityRows = await list('city');
  // The big cities weigh 20 times the others: most applicants live where the batches are.
  const weighted = cityRows.flatMap((row) =>
    Array<typeof row>(bigCities.includes(row.value) ? 20 : 1).fill(row),
  );
  const { rows: offers } = await client.query<{ batchId: string; courseId: string; mode: string }>(
    `select bc.batch_id as "batchId", bc.course_id as "courseId", bc.mode
     from batch_courses bc join batches b on b.id = bc.batch_id
     where b.is_open and not b.restricted
     order by b.number, b.city, bc.course_id`,
  );
  const lists = {
    cities: weighted.map((row) => row.value),
    provinces: weighted.map((row) => row.parent),
    qualifications: (await list('qualification')).map((row) => row.value),
    cancelReasons: (await list('cancelReason')).map((row) => row.value),
    offers,
  };
  if (!lists.cities.length || !lists.qualifications.length || !lists.cancelReasons.length || !offers.length) {
    throw new Error(
      'seedStaffBench: no demo catalogue in the database (start the app on it once with SEED=demo)',
    );
  }
  return lists;
}

/**
 * Adds `count` students (at most 900,000: roll numbers have six digits), each with a complete profile and
 * one registration in an open, unrestricted course of the demo catalogue, and returns about 200 of them,
 * spread over the table, for look-ups. Once per database (the CNICs and e-mails are numbered from 1 on every
 * call); the same rows on every fresh database (setseed), but for ids and dates.
 */
export async function seedStaffBench(
  databaseUrl: string,
  count: number,
): Promise<{ sample: { cnic: string; email: string; rollNo: string; phone: string; name: string }[] }> {
  if (!Number.isInteger(count) || count < 1 || count > 900_000) {
    throw new Error(`seedStaffBench: count must be an integer from 1 to 900,000, not ${count}`);
  }
  // One argon2 hash for every row: the cost of a hash is the point of argon2, and no benchmark here needs
  // different passwords.
  const passwordHash = await new PasswordHasher(staffBenchPepper).hash(clientHash(benchPassword));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const lists = await readLists(client);
    await client.query('begin');
    await client.query('select setseed(0.42)');
    // The rows below point only at rows made in this transaction or read from the catalogue, so the
    // foreign-key checks (a locking look-up per row, most of the seeding time) can be skipped, as pg_restore
    // does. Only for a superuser, and only while these tables have no triggers of their own, which
    // replica mode would skip too (a search column kept up by a trigger, say).
    const {
      rows: [fast],
    } = await client.query<{ allowed: boolean }>(
      `select (select rolsuper from pg_roles where rolname = current_user) and not exists (
         select from pg_trigger where not tgisinternal
         and tgrelid in ('students'::regclass, 'enrolments'::regclass, 'student_documents'::regclass)
       ) as allowed`,
    );
    if (fast?.allowed) await client.query('set local session_replication_role = replica');

    const p = new Params();
    const male = p.add(maleFirstNames, 'text[]');
    const female = p.add(femaleFirstNames, 'text[]');
    const last = p.add(lastNames, 'text[]');
    const districts = p.add(cnicDistricts, 'text[]');
    const domains = p.add(emailDomains, 'text[]');
    const mobiles = p.add(mobileCodes, 'text[]');
    const cities = p.add(lists.cities, 'text[]');
    // The reasons' English sentences, as rejections from before the codes read (decision 0044).
    const rejectReasons = p.add(
      REJECT_REASON_CODES.map((code) => messages[code]),
      'text[]',
    );
    const cancelReasons = p.add(lists.cancelReasons, 'text[]');
    const offerBatches = p.add(
      lists.offers.map((offer) => offer.batchId),
      'uuid[]',
    );
    const offerCourses = p.add(
      lists.offers.map((offer) => offer.courseId),
      'uuid[]',
    );
    const offerModes = p.add(
      lists.offers.map((offer) => offer.mode),
      'text[]',
    );
    // About 0.1 % of CNIC candidates have a digit five times in a row (refused by the app): draw a few
    // more than asked and keep the first `count` that pass.
    const candidates = p.add(Math.ceil(count * 1.02) + 100, 'int');
    const wanted = p.add(count, 'int');

    // Every random choice is drawn once per row here (random() read twice would disagree with itself), then
    // turned into the row's values; the inserts below only copy. CNIC and phone are unique by construction
    // from i (6,180,339 and 3,141,593 are prime to 10, so i -> i * k mod 10^7 is one-to-one and looks random),
    // and so is the e-mail, which ends in i.
    await client.query(
      `create temp table seed_rows on commit drop as
       with draw as (
         select i, gen_random_uuid() as id, random() < 0.7 as male,
           random() as r_first, random() as r_last, random() as r_father, random() as r_city,
           random() as r_status, random() as r_upload, random() as r_enrol, random() as r_offer,
           random() as r_onsite, random() as r_reason, random() as r_misc, random() as r_age,
           random() as r_created, floor(random() * 5)::int as digit
         from generate_series(1, ${candidates}) as i
       ), person as (
         select draw.*,
           case when male then ${pick(male, 'r_first', 1.8)} else ${pick(female, 'r_first', 1.8)} end as first_name,
           ${pick(last, 'r_last', 1.5)} as last_name,
           ${pick(male, 'r_father', 1.8)} as father_first,
           ${districts}[1 + i % cardinality(${districts})]
             || lpad(((i::bigint * 6180339) % 10000000)::text, 7, '0')
             -- The last digit of a CNIC is odd for a man, even for a woman.
             || (digit * 2 + case when male then 1 else 0 end)::text as cnic,
           -- One student in forty gives the number of the one before (a family's phone).
           case when i % 40 = 0 then i - 1 else i end as phone_of,
           case when r_status < 0.35 then 'Pending' when r_status < 0.45 then 'Rejected' else 'Approved' end
             as status,
           1 + floor(r_offer * cardinality(${offerModes}))::int as offer
         from draw
       ), kept as (
         select * from person
         where cnic !~ '(\\d)\\1{4}' and not exists (select from students s where s.cnic = person.cnic)
         order by i
         limit ${wanted}
       )
       select i, id, male, status, cnic, r_upload, r_misc,
         now() - r_created * interval '365 days' as created_at,
         first_name || ' ' || last_name as full_name,
         father_first || ' ' || last_name as father_name,
         lower(case i % 4
           when 0 then replace(first_name, ' ', '') || '.' || last_name
           when 1 then replace(first_name, ' ', '') || '_' || last_name
           when 2 then replace(first_name, ' ', '') || last_name
           else replace(first_name, ' ', '') end) || i || '@' || ${domains}[1 + i % cardinality(${domains})]
           as email,
         '03' || ${mobiles}[1 + (phone_of * 7) % cardinality(${mobiles})]
           || lpad(((phone_of::bigint * 3141593) % 10000000)::text, 7, '0') as phone_number,
         1 + floor(r_city * cardinality(${cities}))::int as city,
         date '1994-01-01' + floor(r_age * 5000)::int as dob,
         ${offerBatches}[offer] as batch_id,
         ${offerCourses}[offer] as course_id,
         case ${offerModes}[offer] when 'onsite' then true when 'online' then false else r_onsite < 0.6 end
           as onsite,
         case status
           when 'Pending' then case when r_enrol < 0.92 then 'APPLIED' else 'CANCELLED' end
           when 'Rejected' then case when r_enrol < 0.75 then 'REJECTED' when r_enrol < 0.9 then 'APPLIED'
             else 'CANCELLED' end
           else case when r_enrol < 0.15 then 'APPROVED' when r_enrol < 0.3 then 'ENTRYTESTPASSED'
             when r_enrol < 0.45 then 'ENTRYTESTFAILED' when r_enrol < 0.8 then 'LEARNING'
             when r_enrol < 0.9 then 'GRADUATED' when r_enrol < 0.95 then 'DROPOUT' else 'CANCELLED' end
         end as enrolment_status,
         ${pick(rejectReasons, 'r_reason')} as reject_reason,
         ${pick(cancelReasons, 'r_reason')} as cancel_reason
       from kept`,
      p.values,
    );

    const s = new Params();
    const hash = s.add(passwordHash, 'text');
    const citiesAgain = s.add(lists.cities, 'text[]');
    const provincesAgain = s.add(lists.provinces, 'text[]');
    const qualificationsAgain = s.add(lists.qualifications, 'text[]');
    // Roll numbers come from the app's own sequence, in the app's own format, so the sequence stays ahead
    // of them and a registration made later through the app gets the next number.
    await client.query(
      `insert into students (id, cnic, email, password_hash, email_verified_at, full_name, father_name, gender,
         dob, phone_number, home_address, last_qualification, province, city, have_laptop, image_key, roll_no,
         status, reject_reason, is_profile_complete, is_document_uploaded, is_document_verified,
         on_site_allowed, created_at, updated_at)
       select id, cnic, email, ${hash}, created_at + interval '7 minutes', full_name, father_name,
         case when male then 'male' else 'female' end, dob, phone_number,
         'House ' || (1 + i % 480) || ', Street ' || (1 + i % 37) || ', ' || ${citiesAgain}[city],
         ${qualificationsAgain}[1 + floor(r_misc * cardinality(${qualificationsAgain}))::int],
         ${provincesAgain}[city], ${citiesAgain}[city], r_misc < 0.55,
         'photos/' || left(md5(id::text), 24) || '.jpg',
         'PIAIC-' || lpad(nextval('roll_number_seq')::text, 6, '0'),
         status, case when status = 'Rejected' then reject_reason end, true,
         -- Pending students applied, so they uploaded; a rejection sends most back to upload again.
         status <> 'Rejected' or r_upload < 0.4, status = 'Approved',
         onsite and enrolment_status in ('ENTRYTESTPASSED', 'LEARNING', 'GRADUATED', 'DROPOUT'),
         created_at, created_at + interval '2 days'
       from seed_rows order by i`,
      s.values,
    );
    await client.query(
      `insert into enrolments (student_id, batch_id, course_id, status, currently_onsite, current_quarter,
         cancel_reason, created_at, updated_at)
       select id, batch_id, course_id, enrolment_status, onsite, 'Q1',
         case when enrolment_status = 'CANCELLED' then cancel_reason end, created_at + interval '1 day',
         created_at + interval '3 days'
       from seed_rows`,
    );
    await client.query(
      `insert into student_documents (student_id, document_type, storage_key, uploaded_at)
       select r.id, t.type, 'documents/' || left(md5(r.id::text || t.type), 24) || '.jpg', r.created_at
       from seed_rows r cross join unnest($1::text[]) as t(type)
       where r.status <> 'Rejected' or r.r_upload < 0.4
       order by r.id, t.type`,
      [DOCUMENT_TYPES],
    );
    const { rows: sample } = await client.query<SeededStudent>(
      `select cnic, email, "rollNo", phone, name from (
         select r.cnic, r.email, s.roll_no as "rollNo", r.phone_number as phone, r.full_name as name,
           row_number() over (order by r.i) as n
         from seed_rows r join students s on s.id = r.id
       ) numbered
       where n % greatest(1, $1::int / 200) = 0
       order by n
       limit 200`,
      [count],
    );
    await client.query('commit');
    // Fresh statistics, or the first benchmark queries are planned for empty tables.
    await client.query('analyze students, enrolments');
    return { sample };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
