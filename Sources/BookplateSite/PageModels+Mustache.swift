import BookplateCore
import BookplateLibrary
import BookplateMustache

// Templates read page models field by field through `value(forKey:)`, without reflection or casts:
// with ten thousand pages, looking values up was most of a build's time. PageModelsTests checks
// that every property is reachable.

extension SiteModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "title": title.templateValue
        case "language": language.templateValue
        case "description": description.templateValue
        case "owner": owner.templateValue
        case "hasFeed": hasFeed.templateValue
        case "ownerLabel": ownerLabel.templateValue
        case "credits": credits.templateValue
        default: nil
        }
    }
}

extension CreditLinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "url": url.templateValue
        case "separator": separator.templateValue
        default: nil
        }
    }
}

extension CreditModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "what": what.templateValue
        case "source": source.templateValue
        case "url": url.templateValue
        default: nil
        }
    }
}

extension AuthorLinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "url": url.templateValue
        case "separator": separator.templateValue
        default: nil
        }
    }
}

extension CoverModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "src": src.templateValue
        case "width": width.templateValue
        case "height": height.templateValue
        case "alt": alt.templateValue
        case "isPlaceholder": isPlaceholder.templateValue
        case "title": title.templateValue
        case "author": author.templateValue
        case "hue": hue.templateValue
        case "srcset": srcset.templateValue
        case "sizes": sizes.templateValue
        case "color": color.templateValue
        case "images": images.templateValue
        default: nil
        }
    }
}

extension CoverImageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "path": path.templateValue
        case "width": width.templateValue
        case "height": height.templateValue
        default: nil
        }
    }
}

extension BookCardModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "url": url.templateValue
        case "title": title.templateValue
        case "subtitle": subtitle.templateValue
        case "authors": authors.templateValue
        case "year": year.templateValue
        case "cover": cover.templateValue
        case "rating": rating.templateValue
        case "seriesLabel": seriesLabel.templateValue
        default: nil
        }
    }
}

extension SeriesPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        case "name": name.templateValue
        case "countLabel": countLabel.templateValue
        case "entries": entries.templateValue
        default: nil
        }
    }
}

extension SeriesEntryModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "book": book.templateValue
        case "gap": gap.templateValue
        default: nil
        }
    }
}

extension SeriesLinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "url": url.templateValue
        case "position": position.templateValue
        default: nil
        }
    }
}

extension RatingModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "stars": stars.templateValue
        case "filled": filled.templateValue
        case "partial": partial.templateValue
        case "empty": empty.templateValue
        case "label": label.templateValue
        default: nil
        }
    }
}

extension ListLinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": id.templateValue
        case "title": title.templateValue
        case "url": url.templateValue
        case "count": count.templateValue
        case "countLabel": countLabel.templateValue
        case "pages": pages.templateValue
        default: nil
        }
    }
}

extension PageLinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "number": number.templateValue
        case "url": url.templateValue
        case "isCurrent": isCurrent.templateValue
        default: nil
        }
    }
}

extension ListGroupModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": id.templateValue
        case "title": title.templateValue
        case "lists": lists.templateValue
        default: nil
        }
    }
}

extension PaginationModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "label": label.templateValue
        case "previous": previous.templateValue
        case "next": next.templateValue
        case "pages": pages.templateValue
        default: nil
        }
    }
}

extension IndexPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        case "bookCount": bookCount.templateValue
        case "authorCount": authorCount.templateValue
        case "countsLabel": countsLabel.templateValue
        case "reading": reading.templateValue
        case "readingList": readingList.templateValue
        case "allBeingReadLabel": allBeingReadLabel.templateValue
        case "recent": recent.templateValue
        case "groups": groups.templateValue
        case "shelfCount": shelfCount.templateValue
        case "isEmpty": isEmpty.templateValue
        default: nil
        }
    }
}

extension ListPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        case "id": id.templateValue
        case "title": title.templateValue
        case "countLabel": countLabel.templateValue
        case "books": books.templateValue
        case "pagination": pagination.templateValue
        default: nil
        }
    }
}

extension MetaModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "property": property.templateValue
        case "content": content.templateValue
        default: nil
        }
    }
}

extension FactModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "label": label.templateValue
        case "value": value.templateValue
        default: nil
        }
    }
}

extension ShelfTagModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "slug": slug.templateValue
        case "url": url.templateValue
        default: nil
        }
    }
}

extension BookPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        case "title": title.templateValue
        case "subtitle": subtitle.templateValue
        case "authors": authors.templateValue
        case "cover": cover.templateValue
        case "facts": facts.templateValue
        case "descriptionHTML": descriptionHTML.templateValue
        case "status": status.templateValue
        case "statusID": statusID.templateValue
        case "rating": rating.templateValue
        case "started": started.templateValue
        case "finished": finished.templateValue
        case "reads": reads.templateValue
        case "series": series.templateValue
        case "shelves": shelves.templateValue
        case "noteHTML": noteHTML.templateValue
        case "credits": credits.templateValue
        case "openGraph": openGraph.templateValue
        case "jsonLD": jsonLD.templateValue
        default: nil
        }
    }
}

extension AuthorPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        case "name": name.templateValue
        case "lifeDates": lifeDates.templateValue
        case "photo": photo.templateValue
        case "bioParagraphs": bioParagraphs.templateValue
        case "bioHTML": bioHTML.templateValue
        case "books": books.templateValue
        case "bookCountLabel": bookCountLabel.templateValue
        case "otherWorks": otherWorks.templateValue
        case "links": links.templateValue
        case "pagination": pagination.templateValue
        default: nil
        }
    }
}

extension LinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "title": title.templateValue
        case "url": url.templateValue
        default: nil
        }
    }
}

extension WorkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "title": title.templateValue
        case "year": year.templateValue
        default: nil
        }
    }
}

extension AuthorEntryModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "sortName": sortName.templateValue
        case "url": url.templateValue
        case "bookCountLabel": bookCountLabel.templateValue
        default: nil
        }
    }
}

extension AuthorLetterModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "letter": letter.templateValue
        case "anchor": anchor.templateValue
        case "authors": authors.templateValue
        default: nil
        }
    }
}

extension AuthorsPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        case "title": title.templateValue
        case "countLabel": countLabel.templateValue
        case "letterLinks": letterLinks.templateValue
        case "letters": letters.templateValue
        default: nil
        }
    }
}

extension LetterLinkModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "letter": letter.templateValue
        case "url": url.templateValue
        case "countLabel": countLabel.templateValue
        case "isCurrent": isCurrent.templateValue
        default: nil
        }
    }
}

extension ShelvesPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        case "shelves": shelves.templateValue
        case "countLabel": countLabel.templateValue
        default: nil
        }
    }
}

extension ShelfEntryModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "name": name.templateValue
        case "url": url.templateValue
        case "bookCountLabel": bookCountLabel.templateValue
        default: nil
        }
    }
}

extension ShelfPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        case "name": name.templateValue
        case "bookCountLabel": bookCountLabel.templateValue
        case "books": books.templateValue
        case "pagination": pagination.templateValue
        default: nil
        }
    }
}

extension StatisticsPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        case "years": years.templateValue
        case "ratings": ratings.templateValue
        case "totalsLabel": totalsLabel.templateValue
        case "longest": longest.templateValue
        case "longestPages": longestPages.templateValue
        case "shortest": shortest.templateValue
        case "shortestPages": shortestPages.templateValue
        case "hasReadBooks": hasReadBooks.templateValue
        case "goal": goal.templateValue
        case "booksChart": booksChart.templateValue
        case "pagesChart": pagesChart.templateValue
        default: nil
        }
    }
}

extension YearStatisticsModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "year": year.templateValue
        case "url": url.templateValue
        case "books": books.templateValue
        case "rereads": rereads.templateValue
        case "pages": pages.templateValue
        case "averageRating": averageRating.templateValue
        default: nil
        }
    }
}

extension BarModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "label": label.templateValue
        case "value": value.templateValue
        case "percent": percent.templateValue
        case "description": description.templateValue
        default: nil
        }
    }
}

extension ChartModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "id": id.templateValue
        case "title": title.templateValue
        case "bars": bars.templateValue
        default: nil
        }
    }
}

extension YearPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        case "year": year.templateValue
        case "title": title.templateValue
        case "summary": summary.templateValue
        case "goal": goal.templateValue
        case "monthsChart": monthsChart.templateValue
        case "ratings": ratings.templateValue
        case "longest": longest.templateValue
        case "longestPages": longestPages.templateValue
        case "shortest": shortest.templateValue
        case "shortestPages": shortestPages.templateValue
        case "booksLink": booksLink.templateValue
        case "olderYear": olderYear.templateValue
        case "newerYear": newerYear.templateValue
        default: nil
        }
    }
}

extension NotFoundPageModel: TemplateObject {
    func value(forKey key: String) -> TemplateValue? {
        switch key {
        case "root": root.templateValue
        case "site": site.templateValue
        case "pageTitle": pageTitle.templateValue
        default: nil
        }
    }
}
