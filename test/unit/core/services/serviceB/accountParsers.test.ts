import assert from 'node:assert/strict';
import { parseBalance, parseModelList } from '../../../../../src/core/services/serviceB/accountParsers';
import { expectServiceError } from '../expectServiceError';

const invalid = (fn: () => unknown, message: RegExp) => expectServiceError(fn, { service: 'B', code: 'invalid_response', message });

describe('parseModelList', () => {
  it('maps data[] to id/ownedBy', () => {
    assert.deepEqual(
      parseModelList({
        object: 'list',
        data: [
          { id: 'beta-v4-flash', object: 'model', owned_by: 'beta-labs' },
          { id: 'beta-v4-pro', object: 'model', owned_by: 'beta-labs' },
        ],
      }),
      [
        { id: 'beta-v4-flash', ownedBy: 'beta-labs' },
        { id: 'beta-v4-pro', ownedBy: 'beta-labs' },
      ],
    );
    assert.deepEqual(parseModelList({ data: [{ id: 'm' }] }), [{ id: 'm', ownedBy: '' }]);
    assert.deepEqual(parseModelList({ data: [] }), []);
  });

  it('wrong shapes → invalid_response', () => {
    invalid(() => parseModelList(null), /expected an object with a "data" array/);
    invalid(() => parseModelList([{ id: 'x' }]), /expected an object with a "data" array/);
    invalid(() => parseModelList({ data: 'x' }), /expected an object with a "data" array/);
    invalid(() => parseModelList({ data: [{ name: 'x' }] }), /item 0 has no string "id"/);
    invalid(() => parseModelList({ data: [{ id: 'x', owned_by: 7 }] }), /item 0 has a non-string "owned_by"/);
  });
});

describe('parseBalance', () => {
  const cny = { currency: 'CNY', total_balance: '110.00', granted_balance: '10.00', topped_up_balance: '100.00' };
  const usd = { currency: 'USD', total_balance: '5.00', granted_balance: '0.00', topped_up_balance: '5.00' };
  const parsedCny = { currency: 'CNY', total: '110.00', granted: '10.00', toppedUp: '100.00' };
  const parsedUsd = { currency: 'USD', total: '5.00', granted: '0.00', toppedUp: '5.00' };

  it('shape 1: a single object with the four fields', () => {
    assert.deepEqual(parseBalance(cny), { balances: [parsedCny] });
  });

  it('shape 2: a list of them', () => {
    assert.deepEqual(parseBalance([cny, usd]), { balances: [parsedCny, parsedUsd] });
  });

  it('shape 3: {is_available, balance_infos: [...]}', () => {
    assert.deepEqual(parseBalance({ is_available: true, balance_infos: [cny, usd] }), {
      available: true,
      balances: [parsedCny, parsedUsd],
    });
    assert.deepEqual(parseBalance({ is_available: false, balance_infos: [] }), { available: false, balances: [] });
    assert.deepEqual(parseBalance({ balance_infos: [usd] }), { balances: [parsedUsd] });
  });

  it('numeric amounts are kept as text', () => {
    assert.deepEqual(parseBalance({ ...cny, total_balance: 110 }).balances[0].total, '110');
  });

  it('wrong shapes → invalid_response', () => {
    invalid(() => parseBalance('110'), /balance: expected an object or a list/);
    invalid(() => parseBalance({ total_balance: '1' }), /balance: entry 0 has no "currency"/);
    invalid(() => parseBalance([cny, { ...usd, granted_balance: null }]), /balance: entry 1 has no "granted_balance"/);
    invalid(() => parseBalance({ is_available: true, balance_infos: {} }), /"balance_infos" is not a list/);
    invalid(() => parseBalance({ is_available: 'yes', balance_infos: [] }), /"is_available" is not a boolean/);
  });
});
