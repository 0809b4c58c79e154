import pg from 'pg';

/**
 * A minimal stand-in for the staff benchmarks' seeder (issue 11): `count` students inserted by one SQL
 * statement (generate_series), with distinct CNICs, e-mails, roll numbers, phones and names, a mix of
 * statuses and documents waiting, then ANALYZE. Answers a sample of them to search for.
 */
export async function seedStaffBench(
  databaseUrl: string,
  count: number,
): Promise<{ sample: { cnic: string; email: string; rollNo: string; phone: string; name: string }[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into students (cnic, email, password_hash, email_verified_at, full_name, father_name, gender,
                             phone_number, city, province, roll_no, status, is_profile_complete,
                             is_document_uploaded, documents_submitted_at, created_at)
       select '42' || lpad(i::text, 11, '0'),
              'bench.student.' || i || '@example.pk',
              'not-a-password-hash',
              now(),
              (array['Ali','Ayesha','Bilal','Fatima','Hamza','Hina','Imran','Kiran','Usman','Zainab'])[1 + i % 10]
                || ' ' || (array['Khan','Ahmed','Malik','Hussain','Qureshi','Raza','Sheikh','Butt'])[1 + (i / 10) % 8]
                || ' ' || i,
              'Father ' || i,
              case when i % 2 = 0 then 'male' else 'female' end,
              '03' || lpad(i::text, 9, '0'),
              (array['Karachi','Lahore','Islamabad','Quetta'])[1 + i % 4],
              'Sindh',
              'PIAIC-B' || lpad(i::text, 7, '0'),
              (array['Pending','Approved','Rejected'])[1 + i % 3],
              true,
              i % 5 <> 0,
              now() - make_interval(secs => $1::int - i),
              now() - make_interval(secs => $1::int - i)
         from generate_series(1, $1::int) as i`,
      [count],
    );
    await client.query('analyze students');
    const { rows } = await client.query<{
      cnic: string;
      email: string;
      roll_no: string;
      phone_number: string;
      full_name: string;
    }>(
      `select cnic, email, roll_no, phone_number, full_name from students
        where roll_no like 'PIAIC-B%' order by random() limit 200`,
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
  } finally {
    await client.end();
  }
}
