/**
 * Every list and frame route answers exactly what the code answered before the large-data work (issue 13):
 * the same rows in the same order, the same totalItems, for every filter, search term and page of
 * test/lists/golden.ts over the data of golden-data.ts (recorded by `npm run lists-golden`).
 */
import t from 'tap'
import { searchTuning } from '../../src/assets/list-keys.ts'
import { build } from '../helpers/app.ts'
import { goldenBundle } from './golden-data.ts'
import { goldenRequests, readGolden, recordAnswers } from './golden.ts'

t.test('list answers equal the recorded ones', async (t) => {
  const golden = readGolden()
  const urls = goldenRequests()
  t.same(urls, Object.keys(golden), 'the recorded requests are the requests of golden.ts')
  const { app } = await build(t, { bundle: goldenBundle() })
  const answers = await recordAnswers(app, urls)
  const differing = urls.filter((url) => JSON.stringify(answers[url]) !== JSON.stringify(golden[url]))
  t.equal(
    differing.length,
    0,
    `${urls.length} answers, ${differing.length} ` +
      `differ${differing.length ? `: ${differing.slice(0, 10).join(' ')}` : ''}`,
  )
  for (const url of differing.slice(0, 3)) t.same(answers[url], golden[url], url)
  // asked again, deep pages start at the keys learnt from the pages read before (keyset under the offset API)
  const pages = urls.filter((url) => url.includes('offset=') && !url.includes('search='))
  const again = await recordAnswers(app, pages)
  const differingAgain = pages.filter((url) => JSON.stringify(again[url]) !== JSON.stringify(golden[url]))
  t.equal(
    differingAgain.length,
    0,
    `${pages.length} pages asked again, ${differingAgain.length} ` +
      `differ${differingAgain.length ? `: ${differingAgain.slice(0, 10).join(' ')}` : ''}`,
  )
  // searches read by walking the order index instead of through the trigram index answer the same
  const few = searchTuning.few
  searchTuning.few = 0
  t.teardown(() => void (searchTuning.few = few))
  const searches = urls.filter((url) => url.includes('search='))
  const walked = await recordAnswers(app, searches)
  const differingWalked = searches.filter((url) => JSON.stringify(walked[url]) !== JSON.stringify(golden[url]))
  t.equal(
    differingWalked.length,
    0,
    `${searches.length} searches walking the order index, ${differingWalked.length} ` +
      `differ${differingWalked.length ? `: ${differingWalked.slice(0, 10).join(' ')}` : ''}`,
  )
  // the golden data reaches the cases it is there for (a golden of empty lists would prove nothing)
  const total = (url: string) => (golden[url].body as { pageInfo: { totalItems: number } }).pageInfo.totalItems
  t.ok(total('/api/v1/asset/?search=bond') > 50, 'a search with more than one page')
  t.ok(
    total('/api/v1/asset/?search=%25') > 0 && total('/api/v1/asset/?search=%25') < total('/api/v1/asset/?search='),
    '% taken literally',
  )
  t.ok(total('/api/v1/asset/?search=tie-1') >= 4, 'identifiers equal but for case, ordered by uid')
})
