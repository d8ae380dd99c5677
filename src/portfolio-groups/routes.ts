/**
 * Portfolio groups (reference/routes.md §7; not in the spec's allowlist, reviewed in UNPUBLISHED_OPERATIONS):
 * list, detail, create, update, delete, and memberships both ways. Discovery and bulk deletion are in src/bulk;
 * the single delete shares the bulk deletion module.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { ErrorResponse, UidParams } from '../contracts/common.ts'
import { notFound } from '../http/errors.ts'
import { pagedCollection } from '../http/pagination.ts'
import { PortfolioCollection } from '../portfolios/schemas.ts'
import { findPortfolio } from '../portfolios/repository.ts'
import * as repo from './repository.ts'
import * as service from './service.ts'
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
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const load = (uid: string) => service.loadGroup(app.sql, uid)

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
      return service.createGroup(app.sql, request.body)
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
      return service.updateGroup(app.sql, request.params.uid, request.body)
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
      await service.deleteGroup(app.sql, request.params.uid)
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
      return service.addPortfolioToGroup(app.sql, request.params.uid, request.body.portfolio_uid.toLowerCase())
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
      await service.removePortfolioFromGroup(app.sql, uid, portfolio_uid)
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
