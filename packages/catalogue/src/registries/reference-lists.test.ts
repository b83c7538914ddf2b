import { describe, expect, it } from 'vitest';
import { findReferenceList, type ReferenceList, readOptions, referenceListRequest } from './reference-lists';

const list = (name: string): ReferenceList => findReferenceList(name)!;

describe('referenceListRequest', () => {
  it('calls a plain list as registered', () => {
    expect(referenceListRequest(list('land-reasons'), {})).toEqual({
      path: '/api/lands/application/GetAddLRReasonforapplication',
      method: 'GET',
    });
  });

  it('posts the fixed body of the land uses call (land_use_code sent empty)', () => {
    expect(referenceListRequest(list('land-use-codes'), {})).toEqual({
      path: '/api/lands/land_utils/get_land_uses',
      method: 'POST',
      body: { land_use_code: '' },
    });
  });

  it('keeps a path written with an empty parameter', () => {
    expect(referenceListRequest(list('land-survey-service-types'), {})?.path).toBe(
      '/api/lands/land_survey/Getlandsurveyservicetypes?land_service_code=',
    );
  });

  it('waits until every parameter has a value, then puts them in the query', () => {
    const zones = list('ground-rent-zones');
    expect(referenceListRequest(zones, { ward_code: '', sub_county_code: '274' })).toBeUndefined();
    expect(referenceListRequest(zones, { ward_code: 'W1', sub_county_code: '274' })?.path).toBe(
      '/api/globalms/ground_rent/zone?ward_code=W1&sub_county_code=274',
    );
  });
});

describe('readOptions', () => {
  it('reads value and label as the list names them', () => {
    const answer = { data: [{ reason_code: 'SALE', description: 'Sale / transfer to a buyer' }] };
    expect(readOptions(list('land-reasons'), answer, {})).toEqual([
      { value: 'SALE', label: 'Sale / transfer to a buyer' },
    ]);
  });

  it('does not send a parameter that only picks the nested entry', () => {
    expect(referenceListRequest(list('wards'), { sub_county_code: '' })).toBeUndefined();
    expect(referenceListRequest(list('wards'), { sub_county_code: '275' })).toEqual({
      path: '/api/county/sub-counties',
      method: 'GET',
    });
  });

  it('reads a dependent list from its parent item (the wards of the chosen sub-county)', () => {
    const answer = {
      data: [
        { code: '274', name: 'Westlands', wards: [{ code: '1', name: 'Kitisuru' }] },
        { code: '275', name: 'Dagoretti North', wards: [{ code: '2', name: 'Kilimani' }] },
      ],
    };
    expect(readOptions(list('wards'), answer, { sub_county_code: '275' })).toEqual([
      { value: '2', label: 'Kilimani' },
    ]);
    expect(readOptions(list('wards'), answer, { sub_county_code: '999' })).toEqual([]);
  });

  it('answers no choices for an answer of another shape', () => {
    expect(readOptions(list('land-reasons'), { data: 'oops' }, {})).toEqual([]);
    expect(readOptions(list('land-reasons'), null, {})).toEqual([]);
  });
});
