import BookplateCore
import BookplateLibrary
import BookplateMustache

/// What Bookplate writes to help publish a site.
public enum Publishing {
    /// Where `init --github-pages` writes its workflow.
    public static let gitHubPagesWorkflowPath = ".github/workflows/pages.yml"

    /// A GitHub Actions workflow that publishes the committed `site/` folder to GitHub Pages on
    /// every push to `main`: the reader builds on their machine, commits, and pushes.
    public static let gitHubPagesWorkflow = """
        # Publishes site/ to GitHub Pages on every push to main. Build with `bookplate build`,
        # commit site/ and push. In the repository's Settings → Pages, set Source to "GitHub Actions".
        name: Publish the shelf
        on:
          push:
            branches: [main]
          workflow_dispatch:
        permissions:
          contents: read
          pages: write
          id-token: write
        concurrency:
          group: pages
          cancel-in-progress: true
        jobs:
          publish:
            runs-on: ubuntu-latest
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - uses: actions/checkout@v4
              - uses: actions/configure-pages@v5
              - uses: actions/upload-pages-artifact@v3
                with:
                  path: site
              - id: deployment
                uses: actions/deploy-pages@v4

        """
}
