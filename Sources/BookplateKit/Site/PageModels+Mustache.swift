import Mustache

// Templates read page models through `child(named:)` rather than reflection: with ten thousand
// pages, Mirror was most of a build's time. PageModelsTests checks that every property is reachable.

extension SiteModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "language": language
        case "description": description
        case "owner": owner
        case "hasFeed": hasFeed
        default: nil
        }
    }
}

extension AuthorLinkModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "name": name
        case "url": url
        case "separator": separator
        default: nil
        }
    }
}

extension CoverModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "src": src
        case "width": width
        case "height": height
        case "alt": alt
        case "isPlaceholder": isPlaceholder
        case "title": title
        case "author": author
        case "hue": hue
        default: nil
        }
    }
}

extension BookCardModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "url": url
        case "title": title
        case "subtitle": subtitle
        case "authors": authors
        case "year": year
        case "cover": cover
        case "rating": rating
        default: nil
        }
    }
}

extension RatingModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "stars": stars
        case "filled": filled
        case "empty": empty
        case "label": label
        default: nil
        }
    }
}

extension ShelfSectionModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "id": id
        case "title": title
        case "count": count
        case "books": books
        case "groups": groups
        default: nil
        }
    }
}

extension BookGroupModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "id": id
        case "title": title
        case "count": count
        case "books": books
        default: nil
        }
    }
}

extension IndexPageModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "root": root
        case "site": site
        case "pageTitle": pageTitle
        case "bookCount": bookCount
        case "authorCount": authorCount
        case "countsLabel": countsLabel
        case "sections": sections
        case "isEmpty": isEmpty
        default: nil
        }
    }
}

extension MetaModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "property": property
        case "content": content
        default: nil
        }
    }
}

extension FactModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "label": label
        case "value": value
        default: nil
        }
    }
}

extension ShelfTagModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "name": name
        case "slug": slug
        case "url": url
        default: nil
        }
    }
}

extension BookPageModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "root": root
        case "site": site
        case "pageTitle": pageTitle
        case "title": title
        case "subtitle": subtitle
        case "authors": authors
        case "cover": cover
        case "facts": facts
        case "descriptionHTML": descriptionHTML
        case "status": status
        case "statusID": statusID
        case "rating": rating
        case "started": started
        case "finished": finished
        case "shelves": shelves
        case "noteHTML": noteHTML
        case "openGraph": openGraph
        case "jsonLD": jsonLD
        default: nil
        }
    }
}

extension AuthorPageModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "root": root
        case "site": site
        case "pageTitle": pageTitle
        case "name": name
        case "lifeDates": lifeDates
        case "photo": photo
        case "bioParagraphs": bioParagraphs
        case "books": books
        case "bookCountLabel": bookCountLabel
        case "otherWorks": otherWorks
        case "links": links
        default: nil
        }
    }
}

extension LinkModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "url": url
        default: nil
        }
    }
}

extension WorkModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "year": year
        default: nil
        }
    }
}

extension AuthorEntryModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "name": name
        case "sortName": sortName
        case "url": url
        case "bookCountLabel": bookCountLabel
        default: nil
        }
    }
}

extension AuthorLetterModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "letter": letter
        case "authors": authors
        default: nil
        }
    }
}

extension AuthorsPageModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "root": root
        case "site": site
        case "pageTitle": pageTitle
        case "countLabel": countLabel
        case "letters": letters
        default: nil
        }
    }
}

extension ShelvesPageModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "root": root
        case "site": site
        case "pageTitle": pageTitle
        case "shelves": shelves
        case "countLabel": countLabel
        default: nil
        }
    }
}

extension ShelfEntryModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "name": name
        case "url": url
        case "bookCountLabel": bookCountLabel
        default: nil
        }
    }
}

extension ShelfPageModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "root": root
        case "site": site
        case "pageTitle": pageTitle
        case "name": name
        case "bookCountLabel": bookCountLabel
        case "books": books
        default: nil
        }
    }
}

extension StatisticsPageModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "root": root
        case "site": site
        case "pageTitle": pageTitle
        case "years": years
        case "ratings": ratings
        case "totalsLabel": totalsLabel
        case "longest": longest
        case "longestPages": longestPages
        case "shortest": shortest
        case "shortestPages": shortestPages
        case "hasReadBooks": hasReadBooks
        case "booksChart": booksChart
        case "pagesChart": pagesChart
        default: nil
        }
    }
}

extension YearStatisticsModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "year": year
        case "books": books
        case "pages": pages
        case "averageRating": averageRating
        default: nil
        }
    }
}

extension BarModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "label": label
        case "value": value
        case "percent": percent
        default: nil
        }
    }
}

extension ChartModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "svg": svg
        default: nil
        }
    }
}

extension NotFoundPageModel: MustacheParent {
    func child(named key: String) -> Any? {
        switch key {
        case "root": root
        case "site": site
        case "pageTitle": pageTitle
        default: nil
        }
    }
}
