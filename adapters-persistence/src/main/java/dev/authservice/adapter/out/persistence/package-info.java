/**
 * The outbound adapters for storage: Micronaut Data JDBC repositories over the tables of {@code db/migration}, and
 * the in-memory state that need not be durable.
 *
 * <p>One set of SQL for H2 and PostgreSQL. Micronaut Data writes a repository's SQL in the dialect named by its
 * {@code @JdbcRepository} annotation (at compile time, and at run time for sorting and paging), whichever database
 * runs it: {@code datasources.default.dialect} does not change it. Every repository here names {@code Dialect.ANSI},
 * whose SQL, paging by {@code LIMIT} and {@code OFFSET} included, both databases run. Every entity is mapped with
 * {@code escape = false}: quoted names are case-sensitive, and H2 folds the unquoted names of the migrations to upper
 * case where PostgreSQL folds them to lower case. The contract tests run every adapter on both databases.
 *
 * <p>Each sub-package owns its tables; its rows, repositories and adapters are package-private.
 */
package dev.authservice.adapter.out.persistence;
