/**
 * Portfolio groups (reference/routes.md §7; not in the spec's allowlist, reviewed in UNPUBLISHED_OPERATIONS):
 * list, detail, create, update, delete, and memberships both ways. Discovery and bulk deletion are in src/bulk;
 * the single delete shares the bulk deletion module.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import type { TransactionSql } from '../db/client.ts'
import { jsonValue, missingUids, sentFields } from '../db/values.ts'
import { deletePortfolioGroups } from '../bulk/deletions/portfolio-groups.ts'
import { conflictOnDuplicate, notFound, unprocessable } from '../http/errors.ts'
import { pagedCollection } from '../http/pagination.ts'
import { PortfolioCollection } from '../portfolios/schemas.ts'
import { findPortfolio } from '../portfolios/repository.ts'
import * as repo from './repository.ts'
import {
  AddPortfolioToGroupRequest,
  CreatePortfolioGroupRequest,
  MembersQuery,
  MembershipParams,
  PortfolioGroup,
  PortfolioGroupCollection,
  PortfolioGroupListQuery,
  PortfolioGroupMembership,
  UpdatePortfolioGroupRequest,
} from './schemas.ts'

const TAG = 'portfolio groups'
const BASE = '/api/v1/portfolio-group'
const ERRORS = { 400: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 422: ErrorResponse }
const missing = (uid: string) => notFound(`Portfolio group '${uid}' was not found.`)

async function setMembers(tx: TransactionSql, groupUid: string, portfolioUids: string[]): Promise<void> {
  const unique = [...new Set(portfolioUids.map((u) => u.toLowerCase()))]
  const unknown = await missingUids(tx, 'portfolios', unique)
  if (unknown.length)
    throw unprocessable(`body.portfolio_uids: portfolio(s) ${unknown.map((u) => `'${u}'`).join(', ')} do not exist.`)
  await repo.replaceMembers(tx, groupUid, unique)
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const load = async (uid: string) => (await repo.findGroup(app.sql, uid)) ?? Promise.reject(missing(uid))

  app.get(
    `${BASE}/`,
    {
      schema: {
        operationId: 'listPortfolioGroups',
        summary: 'List portfolio groups',
        description: 'The rows of the portfolio-group table that discovery describes.',
        tags: [TAG],
        querystring: PortfolioGroupListQuery,
        response: { 200: PortfolioGroupCollection, ...ERRORS },
      },
    },
    async (request) => {
      return pagedCollection(request.query, (q) => repo.listGroups(app.sql, q))
    },
  )

  app.get(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'getPortfolioGroup',
        summary: 'Get a portfolio group',
        tags: [TAG],
        params: UidParams,
        response: { 200: PortfolioGroup, ...ERRORS },
      },
    },
    async (request) => {
      return load(request.params.uid)
    },
  )

  app.post(
    `${BASE}/`,
    {
      schema: {
        operationId: 'createPortfolioGroup',
        summary: 'Create a portfolio group',
        description: '`portfolio_uids` sets its members.',
        tags: [TAG],
        body: CreatePortfolioGroupRequest,
        response: { 200: PortfolioGroup, ...ERRORS },
      },
    },
    async (request) => {
      const { portfolio_uids, ...b } = request.body
      return app.sql
        .begin(async (tx) => {
          const row = await repo.insertGroup(tx, {
            unique_identifier: b.unique_identifier.trim(),
            display_name: b.display_name.trim(),
            description: b.description ?? null,
            metadata_json: b.metadata_json ?? null,
          })
          if (portfolio_uids !== undefined) await setMembers(tx, row.uid, portfolio_uids)
          return row
        })
        .catch(
          conflictOnDuplicate(
            () => `A portfolio group with unique_identifier '${b.unique_identifier.trim()}' already exists.`,
          ),
        )
    },
  )

  app.patch(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'updatePortfolioGroup',
        summary: 'Update a portfolio group',
        description: 'Only the keys sent are applied; `portfolio_uids` replaces the members.',
        tags: [TAG],
        params: UidParams,
        body: UpdatePortfolioGroupRequest,
        response: { 200: PortfolioGroup, ...ERRORS },
      },
    },
    async (request) => {
      const { uid } = request.params
      const b = request.body
      return app.sql.begin(async (tx) => {
        if (!(await repo.findGroup(tx, uid, true))) throw missing(uid)
        const patch = sentFields(b, ['display_name', 'description'])
        if (typeof patch.display_name === 'string') patch.display_name = patch.display_name.trim()
        if (b.metadata_json !== undefined) patch.metadata_json = jsonValue(tx, b.metadata_json)
        const row = await repo.updateGroup(tx, uid, patch)
        if (b.portfolio_uids !== undefined) await setMembers(tx, uid, b.portfolio_uids)
        return row!
      })
    },
  )

  app.delete(
    `${BASE}/:uid/`,
    {
      schema: {
        operationId: 'deletePortfolioGroup',
        summary: 'Delete a portfolio group',
        description: 'Returns null; memberships go with it, portfolios stay.',
        tags: [TAG],
        params: UidParams,
        response: { 200: Type.Null(), ...ERRORS },
      },
    },
    async (request) => {
      const { deleted_count } = await deletePortfolioGroups(app.sql, [request.params.uid])
      if (deleted_count === 0) throw missing(request.params.uid)
      return null
    },
  )

  app.get(
    `${BASE}/:uid/portfolios/`,
    {
      schema: {
        operationId: 'listPortfoliosInGroup',
        summary: 'Portfolios in a group',
        tags: [TAG],
        params: UidParams,
        querystring: MembersQuery,
        response: { 200: PortfolioCollection, ...ERRORS },
      },
    },
    async (request) => {
      const group = await load(request.params.uid)
      return pagedCollection(request.query, (q) => repo.portfoliosInGroup(app.sql, group.uid, q))
    },
  )

  app.post(
    `${BASE}/:uid/portfolios/`,
    {
      schema: {
        operationId: 'addPortfolioToGroup',
        summary: 'Add a portfolio to a group',
        description: 'Adding a member again returns the existing membership.',
        tags: [TAG],
        params: UidParams,
        body: AddPortfolioToGroupRequest,
        response: { 200: PortfolioGroupMembership, ...ERRORS },
      },
    },
    async (request) => {
      const { uid } = request.params
      const portfolioUid = request.body.portfolio_uid.toLowerCase()
      return app.sql.begin(async (tx) => {
        if (!(await repo.findGroup(tx, uid, true))) throw missing(uid)
        if ((await missingUids(tx, 'portfolios', [portfolioUid])).length)
          throw unprocessable(`body.portfolio_uid: portfolio '${portfolioUid}' does not exist.`)
        return repo.addMember(tx, uid, portfolioUid)
      })
    },
  )

  app.delete(
    `${BASE}/:uid/portfolios/:portfolio_uid/`,
    {
      schema: {
        operationId: 'removePortfolioFromGroup',
        summary: 'Remove a portfolio from a group',
        description: 'Returns null; the portfolio stays. 404 when it is not a member.',
        tags: [TAG],
        params: MembershipParams,
        response: { 200: Type.Null(), ...ERRORS },
      },
    },
    async (request) => {
      const { uid, portfolio_uid } = request.params
      await load(uid)
      if ((await repo.removeMember(app.sql, uid, portfolio_uid)) === 0)
        throw notFound(`Portfolio '${portfolio_uid}' is not a member of portfolio group '${uid}'.`)
      return null
    },
  )

  app.get(
    '/api/v1/portfolio/:uid/groups/',
    {
      schema: {
        operationId: 'listGroupsForPortfolio',
        summary: 'Groups a portfolio belongs to',
        tags: [TAG],
        params: UidParams,
        querystring: MembersQuery,
        response: { 200: PortfolioGroupCollection, ...ERRORS },
      },
    },
    async (request) => {
      const { uid } = request.params
      if (!(await findPortfolio(app.sql, uid))) throw notFound(`Portfolio '${uid}' was not found.`)
      return pagedCollection(request.query, (q) => repo.groupsOfPortfolio(app.sql, uid, q))
    },
  )
}

export default routes
