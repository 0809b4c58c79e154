import type { QuarterStatus } from '@portal/shared/constants/fees';
import type { QuarterCard } from '@portal/shared/schemas/fee-answers';
import type { TimeSlot, Voucher } from '@portal/shared/schemas/fees';

/** Test data of the fee screens, shaped as the server sends it. */
export function slot(overrides: Partial<TimeSlot> = {}): TimeSlot {
  return {
    _id: 'slot-1',
    name: 'Governor House',
    campus: 'Main',
    city: 'Karachi',
    day: 'Saturday',
    time: '09:00 - 12:00',
    location: 'https://maps.example.org/governor-house',
    quarter: 'Q1',
    quarterFee: 1500,
    year: 2026,
    course: 'AIC',
    batch: 'Batch 12',
    totalSeats: 50,
    bookedSeats: 10,
    ...overrides,
  };
}

export function voucher(overrides: Partial<Voucher> = {}): Voucher {
  return {
    _id: 'voucher-1',
    quarter: 'Q1',
    course: 'AIC',
    batch: 'Batch 12',
    rollNo: 'AIC-001',
    studentId: 'student-1',
    timeslotId: 'slot-1',
    feeAmount: 1500,
    fee_voucher_no: '100001',
    consumerNumber: '73150100001',
    paid: false,
    valid: true,
    paymentDeadline: '2026-12-01T00:00:00.000Z',
    createDate: '2026-11-24T00:00:00.000Z',
    paidDate: null,
    centerName: 'Governor House',
    centerCampus: 'Main',
    distanceLearning: false,
    tranAuthId: null,
    ...overrides,
  };
}

export function quarters(statuses: QuarterStatus[], voucherIds: Record<string, string> = {}): QuarterCard[] {
  return statuses.map((status, index) => {
    const quarter = `Q${index + 1}` as QuarterCard['quarter'];
    return voucherIds[quarter] ? { quarter, status, voucherId: voucherIds[quarter] } : { quarter, status };
  });
}
