import pg from 'pg';

/**
 * Minimal stand-in (the staff benches' shared seed is written elsewhere with this signature): `count`
 * students, each with a roll number and one registration in a course of a batch of the demo catalogue
 * (which the app loads at start with SEED=demo), made by generate_series in a few statements.
 */
export async function seedStaffBench(
  databaseUrl: string,
  count: number,
): Promise<{ sample: { cnic: string; email: string; rollNo: string; phone: string; name: string }[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into students (cnic, email, password_hash, full_name, father_name, phone_number, city, roll_no,
                             status, is_profile_complete, is_document_uploaded)
       select lpad((4210100000000 + n)::text, 13, '0'), 'bench.' || n || '@example.pk', 'x',
              'Bench Student ' || n, 'Bench Father ' || n, '0300' || lpad(n::text, 7, '0'), 'Karachi',
              'BENCH-' || lpad(n::text, 7, '0'), 'Approved', true, true
       from generate_series(1, $1::int) as n`,
      [count],
    );
    // Each student in one of the catalogue's (batch, course) offers, spread evenly.
    await client.query(
      `with offers as (
         select batch_id, course_id, row_number() over (order by batch_id, course_id) - 1 as k,
                count(*) over () as total
         from batch_courses
       )
       insert into enrolments (student_id, batch_id, course_id, currently_onsite, status)
       select s.id, o.batch_id, o.course_id, (n % 2 = 0), 'APPLIED'
       from (select id, substring(roll_no from 7)::int as n from students where roll_no like 'BENCH-%') s
       join offers o on o.k = s.n % o.total`,
    );
    await client.query('commit');
    await client.query('analyze students; analyze enrolments');
    const { rows } = await client.query<{
      cnic: string;
      email: string;
      roll_no: string;
      phone_number: string;
      full_name: string;
    }>(
      `select cnic, email, roll_no, phone_number, full_name from students
       where roll_no like 'BENCH-%' order by roll_no limit 10`,
    );
    return {
      sample: rows.map((row) => ({
        cnic: row.cnic,
        email: row.email,
        rollNo: row.roll_no,
        phone: row.phone_number,
        name: row.full_name,
      })),
    };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
