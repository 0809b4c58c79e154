/**
 * Checks the staff benchmarks' seed: a throwaway database, migrated and given the demo catalogue by the app
 * (SEED=demo), then 100,000 students with their registrations; prints the time and the counts, and drops
 * the database.
 *
 *   npx tsx bench/staff-seed-check.ts [--count=100000]
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { main, numberOption, round } from './lib/common';
import { createThrowawayDatabase } from './lib/database';
import { appEnvironment, startServer } from './lib/servers';
import { seedStaffBench } from './lib/staff-seed';

await main('staff-seed-check', async (cleanup) => {
  const count = numberOption('count', 100_000);
  const database = await createThrowawayDatabase();
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  console.log(`PostgreSQL ${database.serverVersion}, throwaway database ${database.name}`);

  // The app migrates and loads the demo catalogue at start; it is stopped before seeding, as it is not
  // needed for that.
  const app = await startServer('app', appEnvironment(database.url, { SEED: 'demo' }));
  cleanup.add('stop the app', () => app.stop());
  await app.stop();

  const start = performance.now();
  const { sample } = await seedStaffBench(database.url, count);
  const seconds = (performance.now() - start) / 1000;
  // The time is only as good as the machine is quiet: say how busy it was.
  console.log(
    `seeded ${count.toLocaleString('en')} students in ${round(seconds, 2)} s (1-minute load average ${round(loadavg()[0]!, 1)})`,
  );

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(
      `select
         (select count(*) from students) as students,
         (select count(*) from enrolments) as enrolments,
         (select count(distinct cnic) from students) as "distinct cnic",
         (select count(distinct email) from students) as "distinct email",
         (select count(distinct roll_no) from students) as "distinct roll",
         (select count(distinct phone_number) from students) as "distinct phone",
         (select count(distinct full_name) from students) as "distinct name",
         (select count(*) from students where email <> lower(email)) as "upper-case e-mail",
         (select count(*) from students where cnic !~ '^[0-9]{13}$' or cnic ~ '(\\d)\\1{4}') as "bad cnic",
         (select count(*) from student_documents) as documents,
         (select max(roll_no) from students) as "highest roll",
         (select last_value from roll_number_seq) as "roll sequence"`,
    );
    console.table(rows[0]);
    const byStatus = await client.query(
      `select s.status as student, e.status as enrolment, count(*)::int from students s
       join enrolments e on e.student_id = s.id group by 1, 2 order by 1, 2`,
    );
    console.table(byStatus.rows);
    const byOffer = await client.query(
      `select b.name as batch, b.city, c.code as course, e.currently_onsite as onsite, count(*)::int
       from enrolments e join batches b on b.id = e.batch_id join courses c on c.id = e.course_id
       group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
    );
    console.table(byOffer.rows);
  } finally {
    await client.end();
  }
  console.log(`sample: ${sample.length} rows, e.g.`, sample.slice(0, 3));
  return 0;
});
